/// What adb and an Android device print, as recorded (docs/capture.md and Tests/Fixtures/SOURCES.md
/// cite the sources; the screen's own files are fixtures, copied in by `FakeAdb`). The device
/// lists are Genymobile/scrcpy's recordings of real `adb devices -l` outputs
/// (`app/tests/test_adb_parser.c`, Apache-2.0), byte for byte: a Xiaomi phone whose host prints
/// its device path bare (`3-1`), an unauthorized phone padded to adb's 22 columns, and two
/// devices after the daemon's restart lines, tab-separated. The overridden `wm density` is a
/// real Samsung phone's answer, recorded verbatim (SupposedlySam/flutter-device-mcp's
/// `__tests__/deviceGeometry.test.ts`, MIT: 480 physical, 640 in force; not this screen's phone,
/// as the device lists are not), and the unauthorized device's error is adb's text as
/// macacajs/NoSmoke's README recorded it (MIT). `wm size` and the physical `wm density` print
/// `WindowManagerShellCommand`'s lines with this screen's numbers; `dumpsys activity activities`
/// naming the Clock app (Android 10 and later print `ResumedActivity:` and `topResumedActivity=`)
/// and the empty device list are written from the sources, the recorded `dumpsys activity
/// activities` found (adb-helper's, MIT) being another device's with another app in front
/// (`FAKE_ADB_ACTIVITIES=recorded` answers with it).
enum AdbAnswers {
    static let texts: [String: String] = [
        "devices-one.txt": "List of devices attached\n"
            + "12345678               device 3-1 product:manet model:23117RK66C device:manet transport_id:2\n",
        "devices-none.txt": "List of devices attached\n\n",
        "devices-unauthorized.txt": "List of devices attached\n"
            + "0123456789abcdef       unauthorized usb:1-4 transport_id:3\n",
        "devices-two.txt": "List of devices attached\n"
            + "adb server version (41) doesn't match this client (39); killing...\n"
            + "* daemon started successfully *\n"
            + "0123456789abcdef\tunauthorized usb:1-1\n"
            + "87654321\tdevice usb:2-1 product:MyProduct model:MyModel device:MyDevice\n",
        // The device line recorded in Gallopsled/pwntools' `pwnlib/adb/adb.py` (an older adb, no transport_id).
        "devices-offline.txt": "List of devices attached\n" + "emulator-5554          offline\n" + "\n",
        // adb's words for a device whose key was not accepted, as macacajs/NoSmoke's README recorded them (MIT; its indentation removed).
        "error-unauthorized.txt": "error: device unauthorized.\n"
            + "This adb server's $ADB_VENDOR_KEYS is not set\n"
            + "Try 'adb kill-server' if that seems wrong.\n"
            + "Otherwise check for a confirmation dialog on your device.\n",
        // The Clock app's Timer on a 1080×2340 phone at 440 dpi (its 24 dp status bar is 66 pixels).
        "size.txt": "Physical size: 1080x2340\n",
        "density-physical.txt": "Physical density: 440\n",
        // Recorded verbatim from a Samsung SM-G892U whose density was overridden (SupposedlySam/flutter-device-mcp, MIT).
        "density-override.txt": "Physical density: 480\nOverride density: 640\n",
        "activities-resumed.txt": """
            ACTIVITY MANAGER ACTIVITIES (dumpsys activity activities)
            Display #0 (activities from top to bottom):
              * Task{8f2c1a0 #17 type=standard A=10141:com.google.android.deskclock U=0 visible=true visibleRequested=true mode=fullscreen translucent=false sz=1}
                mLastPausedActivity: ActivityRecord{5e1c3b2 u0 com.google.android.apps.nexuslauncher/.NexusLauncherActivity t2}
                * Hist  #0: ActivityRecord{c2d1f5a u0 com.google.android.deskclock/com.android.deskclock.DeskClock t17}
                  packageName=com.google.android.deskclock processName=com.google.android.deskclock

              ResumedActivity: ActivityRecord{c2d1f5a u0 com.google.android.deskclock/com.android.deskclock.DeskClock t17}
              topResumedActivity=ActivityRecord{c2d1f5a u0 com.google.android.deskclock/com.android.deskclock.DeskClock t17}

            """,
        // Asleep, nothing resumed (Android 15 prints the empty list's header and `isSleeping=true`).
        "activities-none.txt": """
            ACTIVITY MANAGER ACTIVITIES (dumpsys activity activities)
            Display #0 (activities from top to bottom):
              * Task{8f2c1a0 #17 type=standard A=10141:com.google.android.deskclock U=0 visible=false visibleRequested=false mode=fullscreen translucent=false sz=1}
                isSleeping=true

              Resumed activities in task display areas (from top to bottom):

            """,
    ]

    /// The fake adb: the commands the capture makes, each answered from the files above (a
    /// command it does not know fails as adb does with an unknown one).
    static let script = #"""
        #!/bin/sh
        echo "$*" >> "$FAKE_ADB_LOG"
        F="$FAKE_ADB_FIXTURES"
        if [ "$1" = "devices" ] && [ "$FAKE_ADB_SERVER" = start ]; then
          # As adb does when its server is not running: the server, started in the background,
          # inherits both outputs and outlives this command (its pid kept for the test to end it).
          printf '* daemon not running; starting now at tcp:5037\n' >&2
          sleep 30 & echo $! > "$FAKE_ADB_FIXTURES/server.pid"
          printf '* daemon started successfully\n' >&2
        fi
        if [ "$1" = "devices" ]; then cat "$F/devices-$FAKE_ADB_DEVICES.txt"; exit 0; fi
        if [ "$1" = "-s" ]; then shift 2; fi
        case "$*" in
          "shell uiautomator dump /data/local/tmp/hierarchy-capture.xml"|"shell uiautomator dump --compressed /data/local/tmp/hierarchy-capture.xml")
            if [ "$FAKE_ADB_DUMP" = idle ]; then echo "ERROR: could not get idle state."; exit 0; fi
            if [ "$FAKE_ADB_DUMP" = hang ]; then exec sleep 60; fi
            echo "UI hierchary dumped to: /data/local/tmp/hierarchy-capture.xml";;
          "exec-out cat /data/local/tmp/hierarchy-capture.xml") cat "$F/window_dump.xml";;
          "shell rm -f /data/local/tmp/hierarchy-capture.xml") ;;
          "shell dumpsys activity top") cat "$F/activity-top.txt";;
          "exec-out screencap -p")
            if [ "$FAKE_ADB_FAIL" = screencap ]; then echo "error: device offline" >&2; exit 1; fi
            if [ "$FAKE_ADB_FAIL" = unauthorized ]; then cat "$F/error-unauthorized.txt" >&2; exit 1; fi
            # A screenshot cut short (the device went away mid-transfer), exit status 0 all the same.
            if [ "$FAKE_ADB_FAIL" = truncated ]; then head -c 20000 "$F/screencap.png"; exit 0; fi
            cat "$F/screencap.png";;
          "shell wm size") cat "$F/size.txt";;
          "shell wm density") cat "$F/density-$FAKE_ADB_DENSITY.txt";;
          "shell dumpsys activity activities") cat "$F/activities-$FAKE_ADB_ACTIVITIES.txt";;
          "shell dumpsys window") cat "$F/window.txt";;
          *) echo "adb: unknown command $*" >&2; exit 1;;
        esac
        """#
}
