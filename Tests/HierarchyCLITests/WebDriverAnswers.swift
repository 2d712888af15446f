/// The fake WebDriver server: Python's http.server answering as the real servers do, from their
/// routes and replies (docs/capture.md cites them): Appium 2's `GET /appium/sessions`
/// (`{"value": [{"id", "capabilities", "created"}]}`), Appium 1's `GET /wd/hub/sessions` (JSONWP:
/// `{"status": 0, "value": […]}`, and 404 `unknown command` for Appium 2's route),
/// WebDriverAgent's `GET /status` (`{"value": {"ready": true, …}, "sessionId": …}`, and its 404
/// `Unhandled endpoint`), `GET /session/ID/source` and `/screenshot` (`{"value": …}`), W3C errors
/// (`{"value": {"error", "message", "stacktrace"}}`), a stall and a connection closed unanswered.
/// And what a hostile or odd server does (no recording: each is HTTP as RFC 9110 writes it):
/// `auth` wants basic authentication and logs what it got; `odd` lists a session id that holds
/// `/`, `?`, `#`, a space and `..`; `moved` redirects `/appium/sessions` within its origin;
/// `redirect` redirects every request to a second listener on another port, which logs what
/// reaches it; `bomb` answers with a gzip body that inflates to 1 GiB; `huge` announces a body of
/// 200 MB.
enum WebDriverAnswers {
    static let script = #"""
        import base64, json, sys, threading, time, urllib.parse, zlib
        from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

        mode, source_file, screenshot_file, log_file, port_file = sys.argv[1:6]
        source = open(source_file, encoding="utf-8").read()
        screenshot = base64.b64encode(open(screenshot_file, "rb").read()).decode()
        appium_caps = {"platformName": "iOS", "appium:automationName": "XCUITest", "appium:deviceName": "iPhone 15",
                       "appium:bundleId": "com.apple.Preferences", "appium:pixelRatio": 3}
        unknown = {"error": "unknown command", "message": "The requested resource could not be found, or a request was received using an HTTP method that is not supported by the mapped resource", "stacktrace": ""}

        def routes(path):
            prefix = "/wd/hub" if mode == "appium1" else ""
            sid = {"appium2": "4f2e8a1c-appium2", "error": "4f2e8a1c-appium2", "truncated": "4f2e8a1c-appium2", "two": "4f2e8a1c-appium2", "appium1": "d6c3f0e2-appium1", "wda": "B7C1-WDA",
                   "auth": "4f2e8a1c-appium2", "moved": "4f2e8a1c-appium2", "odd": "a/b?c#d e/../.."}.get(mode, "")
            if mode == "moved" and path == "/appium/sessions":
                return 302, None
            if mode == "moved" and path == "/moved/appium/sessions":
                path = "/appium/sessions"
            if mode == "appium1" and path == prefix + "/sessions":
                return 200, {"status": 0, "value": [{"id": sid, "capabilities": {"platformName": "iOS", "deviceName": "iPhone 15"}}], "sessionId": None}
            if path == prefix + "/appium/sessions" and mode in ("appium2", "error", "two", "none", "truncated", "auth", "moved", "odd"):
                sessions = [] if mode == "none" else [{"id": sid, "capabilities": appium_caps, "created": 1732760000000}]
                if mode == "two":
                    sessions.append({"id": "9d0b7e55-appium2", "capabilities": appium_caps, "created": 1732760100000})
                return 200, {"value": sessions}
            if path == "/status" and mode in ("wda", "none"):
                if mode == "none":
                    return 200, {"value": {"ready": True, "message": "The server is ready to accept new connections", "build": {"version": "2.11.2"}}}
                return 200, {"value": {"ready": True, "message": "WebDriverAgent is ready to accept commands", "state": "success",
                                       "os": {"name": "iOS", "version": "17.5"}, "ios": {"ip": "192.168.1.20"}, "build": {"productBundleIdentifier": "com.facebook.WebDriverAgentRunner"}},
                             "sessionId": sid}
            if path == prefix + "/session/" + sid and mode == "wda":
                return 200, {"value": {"sessionId": sid, "capabilities": {"device": "iphone", "browserName": "Settings", "sdkVersion": "17.5", "CFBundleIdentifier": "com.apple.Preferences"}}, "sessionId": sid}
            sid = urllib.parse.quote(sid, safe="")
            if path == prefix + "/session/" + sid + "/source":
                if mode == "error":
                    return 500, {"value": {"error": "unknown error", "message": "An unknown server-side error occurred while processing the command. Original error: Could not proxy command to the remote server.\nOriginal error: socket hang up", "stacktrace": "UnknownError: An unknown server-side error occurred\n    at getResponseForW3CError"}}
                if mode == "truncated":
                    return 200, {"value": source[:source.index("<XCUIElementTypeWindow")] + "<XCUIElementTypeWindow x=\"0\" y=\"0\" width=\"393\""}
                return 200, ({"status": 0, "value": source, "sessionId": sid} if mode == "appium1" else {"value": source})
            if path == prefix + "/session/" + sid + "/screenshot":
                return 200, ({"status": 0, "value": screenshot, "sessionId": sid} if mode == "appium1" else {"value": screenshot})
            if mode == "wda":
                return 404, {"value": {"error": "unknown command", "message": "Unhandled endpoint: " + path + " -- http://127.0.0.1:8100/ with parameters {\n    wildcards =     (\n        \"" + path[1:] + "\"\n    );\n}", "traceback": ""}, "sessionId": None}
            return 404, {"value": unknown}

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self):
                with open(log_file, "a") as log:
                    log.write(("OTHER " if self.server is other else "") + "GET " + self.path + "\n")
                if mode == "stall":
                    time.sleep(20)
                if mode == "close":
                    self.close_connection = True
                    return
                if mode == "auth":
                    with open(log_file, "a") as log:
                        log.write("AUTH " + str(self.headers.get("Authorization")) + "\n")
                if mode == "redirect" and self.server is server:
                    return self.answer(302, b"", [("Location", "http://127.0.0.1:%d%s" % (other.server_address[1], self.path))])
                if mode == "bomb":
                    return self.answer(200, bomb, [("Content-Encoding", "gzip")])
                if mode == "huge":
                    # 200 MB announced, a little sent: the client must refuse it from the header.
                    self.send_response(200)
                    self.send_header("Content-Type", "application/json; charset=utf-8")
                    self.send_header("Content-Length", "200000000")
                    self.end_headers()
                    self.wfile.write(b'{"value": [' + b" " * 65536)
                    self.close_connection = True
                    return
                status, body = routes(self.path)
                if status == 302:
                    return self.answer(302, b"", [("Location", "/moved" + self.path)])
                self.answer(status, json.dumps(body).encode())

            def answer(self, status, data, headers=()):
                self.send_response(status)
                self.send_header("Content-Type", "application/json; charset=utf-8")
                for name, value in headers:
                    self.send_header(name, value)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *args):
                pass

        def gzip_bomb(size):
            # 1 GiB of spaces, deflated a MiB at a time: about 1 MB of gzip.
            deflate = zlib.compressobj(9, zlib.DEFLATED, 31)
            chunk = b" " * (1 << 20)
            return b"".join(deflate.compress(chunk) for _ in range(size >> 20)) + deflate.flush()

        bomb = gzip_bomb(1 << 30) if mode == "bomb" else b""
        server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        server.daemon_threads = True
        # The other origin a redirect names: it answers as the first would, and logs what reaches it.
        other = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        other.daemon_threads = True
        threading.Thread(target=other.serve_forever, daemon=True).start()
        with open(port_file + ".tmp", "w") as out:
            out.write(str(server.server_address[1]))
        import os
        os.rename(port_file + ".tmp", port_file)
        server.timeout = 1
        deadline = time.time() + 120
        while time.time() < deadline:
            server.handle_request()
        """#
}
