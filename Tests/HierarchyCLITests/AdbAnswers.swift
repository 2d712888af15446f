/// What adb and an Android device print, as recorded (docs/capture.md and Tests/Fixtures/SOURCES.md
/// cite the sources; the screen's own files are fixtures, copied in by `FakeAdb`):
/// `adb devices -l` (adb's `list_transports`: the serial padded to 22 columns, the state, then
/// `usb:`, `product:`, `model:`, `device:`, `transport_id:`, and a blank line), `wm size` and
/// `wm density` (`WindowManagerShellCommand`), `dumpsys activity activities` (Android 10 and later
/// print `ResumedActivity:` and `topResumedActivity=`), and adb's error texts.
enum AdbAnswers {
    static let texts: [String: String] = [
        "devices-one.txt": """
            List of devices attached
            emulator-5554          device product:sdk_gphone64_x86_64 model:sdk_gphone64_x86_64 device:emu64x transport_id:1


            """,
        "devices-none.txt": "List of devices attached\n\n",
        "devices-unauthorized.txt": """
            List of devices attached
            R58M12ABCDE            unauthorized usb:1-1 transport_id:2


            """,
        "devices-two.txt": """
            List of devices attached
            emulator-5554          device product:sdk_gphone64_x86_64 model:sdk_gphone64_x86_64 device:emu64x transport_id:1
            R58M12ABCDE            unauthorized usb:1-1 transport_id:2


            """,
        "devices-offline.txt": """
            List of devices attached
            emulator-5556          offline transport_id:3


            """,
        // The Clock app's Timer on a 1080×2340 phone at 440 dpi (its 24 dp status bar is 66 pixels).
        "size.txt": "Physical size: 1080x2340\n",
        "density-physical.txt": "Physical density: 440\n",
        "density-override.txt": "Physical density: 440\nOverride density: 480\n",
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
            cat "$F/screencap.png";;
          "shell wm size") cat "$F/size.txt";;
          "shell wm density") cat "$F/density-$FAKE_ADB_DENSITY.txt";;
          "shell dumpsys activity activities") cat "$F/activities-$FAKE_ADB_ACTIVITIES.txt";;
          "shell dumpsys window") cat "$F/window.txt";;
          *) echo "adb: unknown command $*" >&2; exit 1;;
        esac
        """#
}
