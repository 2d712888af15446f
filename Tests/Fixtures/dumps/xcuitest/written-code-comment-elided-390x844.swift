    func testOpensNetwork() {
        // po app printed:
        // Attributes: Application, 0x600002c10000, pid: 41491, label: 'Settings'
        // Element subtree:
        // →Application, 0x600002c10000, pid: 41491, label: 'Settings'
        //    Window (Main), 0x600002c100e0, {{0.0, 0.0}, {390.0, 844.0}}
        //      Other, 0x600002c101c0, {{0.0, 0.0}, {390.0, 844.0}}
        //        NavigationBar, 0x600002c102a0, {{0.0, 47.0}, {390.0, 44.0}}, identifier: 'Settings'
        //          Button, 0x600002c10380, {{16.0, 50.0}, {44.0, 38.0}}, identifier: 'back', label: 'Back'
        //          StaticText, 0x600002c10460, {{150.0, 56.0}, {90.0, 22.0}}, label: 'Settings'
        //        ...
        //        TextField, 0x600002c10540, {{16.0, 120.0}, {358.0, 36.0}}, identifier: 'name', placeholderValue: 'Your name', value: Ada 'the' Lovelace 😀
        //        Switch, 0x600002c10620, {{309.0, 186.0}, {51.0, 31.0}}, identifier: 'notifications', label: 'Notifications', value: 1, Selected
        //        Button, 0x600002c10700, {{16.0, 240.0}, {358.0, 44.0}}, label: 'Don't sync, ever', Disabled
        //        StaticText, 0x600002c107e0, {{16.0, 300.0}, {358.0, 60.0}}, label: 'Ünïcødé, “quotes”, emoji 👩‍👩‍👧 and: colons'
        //        TabBar, 0x600002c108c0, {{0.0, 760.0}, {390.0, 84.0}}, identifier: 'Tab Bar'
        //          Button, 0x600002c109a0, {{0.0, 761.0}, {195.0, 48.0}}, label: 'Home', Selected
        //          Button, 0x600002c10a80, {{195.0, 761.0}, {195.0, 48.0}}, label: 'Profile'
        // Path to element:
        app.buttons["Network"].tap()
    }
