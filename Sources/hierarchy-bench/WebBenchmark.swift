// `hierarchy-bench web [--elements N] [--runs R]`: issue 51's speed figures, side by side in one
// run, against Debian's chromedriver and headless Chromium (800×600, one device pixel a CSS px):
// - a generated page of N elements (5,000 by default) captured the way `capture webdriver` takes
//   it (the page source, the DOM script, the screenshot, the DOM imported, the folder written),
//   against Selenium reading every element's box (`find_elements(By.CSS_SELECTOR, "*")` and each
//   one's `rect`) and the screenshot over the same session; the target: at most twice Selenium's;
// - the import of the page's CDP snapshot (`DOMSnapshot.captureSnapshot` through chromedriver's
//   `goog/cdp/execute`, as Selenium's `execute_cdp_cmd`, with the styles docs/foreign-dumps.md asks for) against reading a
//   `tree.json` of the same views (the snapshot's tree written as one); the target: as fast.
// Each figure the median of R runs (3 by default). `web --snapshot FILE` times a saved snapshot's
// import alone, without a browser (25 runs). Needs python3 with Selenium, chromium and
// chromedriver (`.ci/run` installs them); says so and ends when they are missing.
import Foundation
import HierarchyDevice
import HierarchyFormats
import HierarchyImaging
import HierarchyImport
import HierarchyModel

enum WebBenchmark {
    /// The Selenium side, one session for the whole run, driven over standard input: `box` reads
    /// every element's box and the screenshot and prints the seconds it took; `cdp FILE` saves the
    /// page's DOM snapshot; `quit` ends the session. Its first line: the session id.
    static let worker = #"""
        import json, sys, time, urllib.request
        from selenium import webdriver
        from selenium.webdriver.common.by import By

        url, page = sys.argv[1:3]
        options = webdriver.ChromeOptions()
        for arg in ["--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--window-size=800,600", "--force-device-scale-factor=1"]:
            options.add_argument(arg)
        driver = webdriver.Remote(command_executor=url, options=options)
        driver.get(page)
        print(driver.session_id, flush=True)
        styles = ["display", "visibility", "opacity", "overflow-x", "overflow-y", "background-color", "transform",
                  "pointer-events", "z-index", "position", "content-visibility"]
        for line in sys.stdin:
            command = line.split()
            if command[0] == "box":
                start = time.perf_counter()
                boxes = [element.rect for element in driver.find_elements(By.CSS_SELECTOR, "*")]
                driver.get_screenshot_as_png()
                print(time.perf_counter() - start, len(boxes), flush=True)
            elif command[0] == "cdp":
                # What Selenium's ChromeDriver.execute_cdp_cmd sends (a Remote driver lacks the method).
                body = json.dumps({"cmd": "DOMSnapshot.captureSnapshot", "params": {"computedStyles": styles, "includePaintOrder": True, "includeDOMRects": True}}).encode()
                request = urllib.request.Request(url + "/session/" + driver.session_id + "/goog/cdp/execute", data=body, method="POST", headers={"Content-Type": "application/json"})
                json.dump(json.load(urllib.request.urlopen(request, timeout=300))["value"], open(command[1], "w"))
                print("saved", flush=True)
            else:
                break
        driver.quit()
        """#

    static func run(_ arguments: [String]) throws {
        if arguments.count == 2, arguments[0] == "--snapshot" {
            // A saved snapshot alone, without a browser: the import's figures (and a process to profile).
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: arguments[1])))
            print("web: the CDP snapshot \(arguments[1]); medians of 25 runs")
            return try snapshotAgainstTreeJSON(bytes, file: arguments[1], runs: 25)
        }
        let (elements, runs) = try options(arguments)
        let folder = NSTemporaryDirectory() + "hierarchy-bench-web-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let page = folder + "/page.html"
        try Data(generatedPage(elements: elements).utf8).write(to: URL(fileURLWithPath: page))
        guard let driver = try Chromedriver.start() else {
            print("web: chromedriver is not installed (Debian's chromium-driver): skipped")
            return
        }
        defer { driver.stop() }
        let selenium = try SeleniumWorker(script: worker, folder: folder, url: driver.url, page: "file://" + page)
        defer { selenium.quit() }
        print("web: a generated page of \(elements) elements, headless Chromium 800×600 through chromedriver; medians of \(runs) runs")
        try captureAgainstSelenium(driver.url, session: selenium.session, selenium: selenium, folder: folder, runs: runs)
        try snapshotAgainstTreeJSON(selenium: selenium, folder: folder, runs: runs)
    }

    /// `capture webdriver`'s taking (into a folder, as the command writes it) against Selenium's read.
    private static func captureAgainstSelenium(_ url: String, session: String, selenium: SeleniumWorker, folder: String, runs: Int) throws {
        var capture: [Double] = [], reading: [Double] = []
        var views = 0, read = 0
        for run in 0..<runs {
            let target = folder + "/capture-\(run)"
            let (screen, seconds) = try time { () throws -> CapturedScreen in
                let taken = try WebDriverCapture.connect(url: url, session: session, timeout: 120).take()
                _ = try CaptureFolder.write(taken, to: target, rule: OutputRule())
                return taken
            }
            views = screen.tree?.count ?? 0
            capture.append(seconds)
            let (answer, count) = try selenium.measure()
            reading.append(answer)
            read = count
        }
        let (ours, theirs) = (DiffBenchmark.median(capture), DiffBenchmark.median(reading))
        print("  capture webdriver: \(ms(ours)) ms for \(views) views (runs: \(capture.map { ms($0) }.joined(separator: ", ")) ms)")
        print("  Selenium, every element's rect and the screenshot: \(ms(theirs)) ms for \(read) elements (runs: \(reading.map { ms($0) }.joined(separator: ", ")) ms)")
        print("  capture / Selenium: \(String(format: "%.3f", ours / theirs)) (target: at most 2)")
    }

    /// The page's CDP snapshot's import against reading a tree.json of the same views.
    private static func snapshotAgainstTreeJSON(selenium: SeleniumWorker, folder: String, runs: Int) throws {
        let snapshotFile = folder + "/snapshot.json"
        try selenium.saveSnapshot(to: snapshotFile)
        try snapshotAgainstTreeJSON(try [UInt8](Data(contentsOf: URL(fileURLWithPath: snapshotFile))), file: snapshotFile, runs: runs)
    }

    /// A snapshot's import against reading a tree.json of the same views (the snapshot's tree written as one).
    private static func snapshotAgainstTreeJSON(_ snapshot: [UInt8], file snapshotFile: String, runs: Int) throws {
        let imported = try DumpImporter.read(snapshot, fileName: snapshotFile, format: .cdpSnapshot)
        let document = Data(TreeDocument.encode(imported.tree).utf8)
        var importing: [Double] = [], reading: [Double] = []
        for _ in 0..<max(runs, 5) {
            importing.append(try time { try DumpImporter.read(snapshot, fileName: snapshotFile, format: .cdpSnapshot) }.1)
            reading.append(try time { try TreeDocument.decode(document, file: "tree.json") }.1)
        }
        let (ours, theirs) = (DiffBenchmark.median(importing), DiffBenchmark.median(reading))
        print("  CDP snapshot import: \(ms(ours)) ms for \(imported.tree.count) views (\(megabytes(snapshot.count)) MB)")
        print("  tree.json of the same views: \(ms(theirs)) ms (\(megabytes(document.count)) MB)")
        print("  import / tree.json: \(String(format: "%.3f", ours / theirs)) (target: at most 1)")
    }

    /// A page of `elements` elements: html, head, title, body and cards of five (a section, its
    /// heading, a paragraph, a link and a button) on a grid, some scrolled out of the viewport.
    static func generatedPage(elements: Int) -> String {
        var html = "<!DOCTYPE html><html><head><title>bench</title></head><body style='margin:0;font:14px sans-serif'>\n"
        let cards = max(1, (elements - 4) / 5)
        for i in 0..<cards {
            html += "<section style='display:inline-block;width:180px;margin:4px;padding:4px;background:rgb(\(i % 200),220,240)'>"
                + "<h3 style='margin:0'>Card \(i)</h3><p style='margin:2px 0'>Text of card \(i)</p>"
                + "<a href='#c\(i)'>Link \(i)</a> <button data-testid='b\(i)'>Go \(i)</button></section>\n"
        }
        return html + "</body></html>\n"
    }

    private static func options(_ arguments: [String]) throws -> (elements: Int, runs: Int) {
        var elements = 5000, runs = 3
        var rest = arguments[...]
        while let flag = rest.popFirst() {
            guard let value = rest.popFirst().flatMap(Int.init), value > 0 else { throw InputError("usage: hierarchy-bench web [--elements N] [--runs R] | --snapshot FILE") }
            switch flag {
            case "--elements": elements = value
            case "--runs": runs = value
            default: throw InputError("usage: hierarchy-bench web [--elements N] [--runs R] | --snapshot FILE")
            }
        }
        return (elements, runs)
    }

    private static func megabytes(_ bytes: Int) -> String { String(format: "%.2f", Double(bytes) / 1e6) }
}
