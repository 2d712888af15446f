#!/usr/bin/env python3
"""Makes the edited copies of two real Appium page sources for the diff tests, as a person would
edit them by hand (the originals are Tests/Fixtures/dumps/appium-ios/, copied verbatim from
../shared/dumps; see NOTICE.md):

    settings-top-row-removed.xml  shirates-ios-settings-top.xml without the Safari row; the rows
                                  below it on screen (News to Game Center) moved up by its 44 pt
    appdev-button-moved.xml       shirates-ios-appdev-375x667.xml with the Skip button 20 pt left

    python3 Tests/Fixtures/diff/make_edits.py
"""
import os
import re

HERE = os.path.dirname(os.path.abspath(__file__))
ORIGINALS = os.path.join(HERE, "..", "dumps", "appium-ios")


def read(name):
    return open(os.path.join(ORIGINALS, name), encoding="utf-8").read().split("\n")


def write(name, lines):
    open(os.path.join(HERE, name), "w", encoding="utf-8").write("\n".join(lines))


def shift_y(line, dy):
    return re.sub(r' y="(-?\d+)"', lambda m: ' y="%d"' % (int(m.group(1)) + dy), line, count=1)


def remove_row():
    lines = read("shirates-ios-settings-top.xml")
    start = next(i for i, l in enumerate(lines) if 'XCUIElementTypeCell' in l and 'name="Safari"' in l)
    end = next(i for i in range(start, len(lines)) if '</XCUIElementTypeCell>' in lines[i])
    stop = next(i for i, l in enumerate(lines) if 'XCUIElementTypeCell' in l and 'name="Developer"' in l)
    edited = lines[:start] + [shift_y(l, -44) for l in lines[end + 1:stop]] + lines[stop:]
    write("settings-top-row-removed.xml", edited)


def move_button():
    lines = read("shirates-ios-appdev-375x667.xml")
    i = next(i for i, l in enumerate(lines) if 'XCUIElementTypeButton' in l and 'name="Skip"' in l)
    lines[i] = lines[i].replace(' x="303"', ' x="283"')
    write("appdev-button-moved.xml", lines)


remove_row()
move_button()
