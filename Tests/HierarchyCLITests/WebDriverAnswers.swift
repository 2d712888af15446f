/// The fake WebDriver server: Python's http.server answering as the real servers do, from their
/// routes and replies (docs/capture.md cites them): Appium 2's `GET /appium/sessions`
/// (`{"value": [{"id", "capabilities", "created"}]}`), Appium 1's `GET /wd/hub/sessions` (JSONWP:
/// `{"status": 0, "value": […]}`, and 404 `unknown command` for Appium 2's route),
/// WebDriverAgent's `GET /status` (`{"value": {"ready": true, …}, "sessionId": …}`, and its 404
/// `Unhandled endpoint`), `GET /session/ID/source` and `/screenshot` (`{"value": …}`), W3C errors
/// (`{"value": {"error", "message", "stacktrace"}}`), a stall and a connection closed unanswered.
enum WebDriverAnswers {
    static let script = #"""
        import base64, json, sys, time
        from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

        mode, source_file, screenshot_file, log_file, port_file = sys.argv[1:6]
        source = open(source_file, encoding="utf-8").read()
        screenshot = base64.b64encode(open(screenshot_file, "rb").read()).decode()
        appium_caps = {"platformName": "iOS", "appium:automationName": "XCUITest", "appium:deviceName": "iPhone 15",
                       "appium:bundleId": "com.apple.Preferences", "appium:pixelRatio": 3}
        unknown = {"error": "unknown command", "message": "The requested resource could not be found, or a request was received using an HTTP method that is not supported by the mapped resource", "stacktrace": ""}

        def routes(path):
            prefix = "/wd/hub" if mode == "appium1" else ""
            sid = {"appium2": "4f2e8a1c-appium2", "error": "4f2e8a1c-appium2", "truncated": "4f2e8a1c-appium2", "two": "4f2e8a1c-appium2", "appium1": "d6c3f0e2-appium1", "wda": "B7C1-WDA"}.get(mode, "")
            if mode == "appium1" and path == prefix + "/sessions":
                return 200, {"status": 0, "value": [{"id": sid, "capabilities": {"platformName": "iOS", "deviceName": "iPhone 15"}}], "sessionId": None}
            if path == prefix + "/appium/sessions" and mode in ("appium2", "error", "two", "none", "truncated"):
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
                    log.write("GET " + self.path + "\n")
                if mode == "stall":
                    time.sleep(20)
                if mode == "close":
                    self.close_connection = True
                    return
                status, body = routes(self.path)
                data = json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json; charset=utf-8")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *args):
                pass

        server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        server.daemon_threads = True
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
