#!/usr/bin/env python3
"""Writes the `written-*` fixtures of Tests/Fixtures/dumps/{compose,flutter,detox}.

Each screen is printed as its generator prints it, following the generators' source (read, not
copied): androidx's compose/ui/ui-test/src/commonMain/kotlin/androidx/compose/ui/test/Output.kt
(`printToStringInner`, `appendConfigInfo`) and Errors.kt (`buildErrorMessageForCountMismatch`),
Flutter's foundation/diagnostics.dart (`TextTreeRenderer`, sparse style) with the properties of
semantics/semantics.dart and rendering/{object,box,view,paragraph}.dart. Then wrapped as people
find them: in a threadtime logcat, a brief logcat, a JUnit failure, behind `flutter: `.

Run from the repository: python3 scripts/write-foreign-tree-fixtures.py
"""
import os

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "Fixtures", "dumps")

# Compose: (id, (l, t, r, b), tag, properties, children). Properties: key -> value; a value of
# None is a Unit (printed in `[…]`), a value "action" an accessibility action.
ACTIONS = {"OnClick", "OnLongClick", "RequestFocus", "GetTextLayoutResult", "SetText", "ScrollBy", "ScrollToIndex",
           "OnImeAction", "SetSelection", "CopyText", "PasteText", "CutText", "InsertTextAtCursor", "SetTextSubstitution"}


def fmt(value):
    # Kotlin's Float.toString for the whole and half pixels used here.
    return repr(float(value))


def compose_node(node, level, nesting_indent, followed_by_sibling, out):
    ident, (l, t, r, b), tag, properties, children = node
    new_indent = "" if level == 0 else (nesting_indent + " | " if followed_by_sibling else nesting_indent + "   ")
    line = (nesting_indent + " |-" if level > 0 else "") + f"Node #{ident} at (l={fmt(l)}, t={fmt(t)}, r={fmt(r)}, b={fmt(b)})px"
    if tag:
        line += f", Tag: '{tag}'"
    out.append(line)
    actions, units = [], []
    merge = properties.get("MergeDescendants") == "true"
    for key in sorted(k for k in properties if k != "MergeDescendants"):
        value = properties[key]
        if key in ACTIONS:
            actions.append(key)
        elif value is None:
            units.append(key)
        else:
            out.append(f"{new_indent}{key} = '{value}'")
    if units:
        out.append(f"{new_indent}[{', '.join(units)}]")
    if actions:
        out.append(f"{new_indent}Actions = [{', '.join(actions)}]")
    if merge:
        out.append(f"{new_indent}MergeDescendants = 'true'")
    for index, child in enumerate(children):
        compose_node(child, level + 1, new_indent, index < len(children) - 1, out)


def compose_print(root, unmerged):
    out = [f"Printing with useUnmergedTree = '{'true' if unmerged else 'false'}'"]
    compose_node(root, 0, "", False, out)
    return out


A = "action"
# A sign-in screen on a 1080×2400 pixel phone (density 2.75): below a 66 px status bar.
SIGN_IN = (1, (0, 66, 1080, 2400), None, {}, [
    (2, (0, 66, 1080, 2400), None, {"IsTraversalGroup": "true"}, [
        (4, (396, 220, 684, 508), "logo", {"ContentDescription": "[Acme logo]", "Role": "Image"}, []),
        (5, (66, 583, 1014, 737), "email", {"EditableText": "ada@example.com", "Focused": "true", "ImeAction": "Next",
                                            "Text": "[Email]", "TextSelectionRange": "TextRange(15, 15)",
                                            "GetTextLayoutResult": A, "OnClick": A, "OnImeAction": A, "RequestFocus": A,
                                            "SetSelection": A, "SetText": A}, []),
        (6, (66, 792, 1014, 946), "password", {"EditableText": "••••••••", "Focused": "false", "Password": None,
                                               "Text": "[Password]", "GetTextLayoutResult": A, "OnClick": A,
                                               "RequestFocus": A, "SetText": A}, []),
        (7, (44, 1001, 1036, 1133), "remember", {"Role": "Checkbox", "ToggleableState": "On", "Focused": "false",
                                                 "MergeDescendants": "true", "OnClick": A, "RequestFocus": A}, [
            (8, (341, 1040, 701, 1095), None, {"Text": "[Keep me signed in, for 30 days]", "GetTextLayoutResult": A}, []),
        ]),
        (9, (66, 1232, 1014, 1364), "signIn", {"Role": "Button", "Focused": "false", "MergeDescendants": "true",
                                               "OnClick": A, "RequestFocus": A}, [
            (10, (451, 1270, 629, 1326), None, {"Text": "[Sign in]", "GetTextLayoutResult": A}, []),
        ]),
        (11, (66, 1419, 1014, 1551), "create", {"Role": "Button", "Disabled": None, "Focused": "false",
                                                "MergeDescendants": "true", "OnClick": A, "RequestFocus": A}, [
            (12, (352, 1457, 728, 1513), None, {"Text": "[Create account]", "GetTextLayoutResult": A}, []),
        ]),
        (13, (66, 2200, 1014, 2266), None, {"Text": "[By signing in you accept the 'Terms']", "GetTextLayoutResult": A}, []),
    ]),
])


def threadtime(lines, tag="SignInTest", pid=20435, tid=20457):
    stamp = "10-02 14:14:03.329"
    return [f"{stamp} {pid} {tid} D {tag:<8}: {line}" for line in ["printToLog:"] + lines]


def brief(lines, tag="SignInTest", pid=20435):
    return [f"D/{tag}({pid:5d}): {line}" for line in ["printToLog:"] + lines]


def write(path, lines, newline="\n"):
    full = os.path.join(ROOT, path)
    os.makedirs(os.path.dirname(full), exist_ok=True)
    with open(full, "w", encoding="utf-8", newline="") as handle:
        handle.write(newline.join(lines) + newline)


def count_mismatch_failure():
    # Errors.kt: buildErrorMessageForCountMismatch with two nodes found, printed at maxDepth 0.
    nodes = [(9, (66, 1232, 1014, 1364), "signIn", "Button", "Sign in", 1), (11, (66, 1419, 1014, 1551), "create", "Button", "Create account", 1)]
    out = ["java.lang.AssertionError: Failed to assert the following: (OnClick is defined)",
           "Reason: Expected exactly '1' node but found '2' nodes that satisfy: (Role = 'Button')",
           "Nodes found:"]
    for number, (ident, (l, t, r, b), tag, role, text, children) in enumerate(nodes, 1):
        out.append(f"{number}) Node #{ident} at (l={fmt(l)}, t={fmt(t)}, r={fmt(r)}, b={fmt(b)})px, Tag: '{tag}'")
        out.append("Focused = 'false'")
        out.append(f"Role = '{role}'")
        out.append(f"Text = '[{text}]'")
        out.append("Actions = [OnClick, RequestFocus]")
        out.append("MergeDescendants = 'true'")
        out.append(f"Has {children} child, 6 siblings")
    out += ["",
            "\tat androidx.compose.ui.test.SemanticsNodeInteraction.fetchOneOrThrow(SemanticsNodeInteraction.kt:178)",
            "\tat androidx.compose.ui.test.SemanticsNodeInteraction.assert(SemanticsNodeInteraction.kt:325)"]
    return out


# Flutter: (description, name, properties, children) printed in TextTreeRenderer's sparse style.
def flutter_node(node, first, rest, out):
    description, name, properties, children = node
    out.append(first + (f"{name}: " if name else "") + description)
    bar = rest + ("│ " if children else "  ")
    for prop in properties:
        out.append((bar + prop).rstrip())
    if children:
        out.append(rest + "│")
        for index, child in enumerate(children):
            last = index == len(children) - 1
            flutter_node(child, rest + ("└─" if last else "├─"), rest + ("  " if last else "│ "), out)
            if not last:
                out.append(rest + "│")


def flutter_print(root):
    out = []
    flutter_node(root, "", " ", out)
    return out


# A counter screen on a 390×844 point phone at 3.0x (1170×2532 pixels).
SEMANTICS = ("SemanticsNode#0", None, ["Rect.fromLTRB(0.0, 0.0, 1170.0, 2532.0)"], [
    ("SemanticsNode#1", None, ["Rect.fromLTRB(0.0, 0.0, 390.0, 844.0) scaled by 3.0x", "textDirection: ltr"], [
        ("SemanticsNode#2", None, ["Rect.fromLTRB(0.0, 0.0, 390.0, 844.0)", "sortKey: OrdinalSortKey#1f2e3(order: 0.0)"], [
            ("SemanticsNode#3", None, ["Rect.fromLTRB(0.0, 0.0, 390.0, 844.0)", "flags: scopesRoute"], [
                ("SemanticsNode#6", None, ["Rect.fromLTRB(0.0, 0.0, 390.0, 103.0)"], [
                    ("SemanticsNode#7", None, ["Rect.fromLTRB(127.5, 59.0, 262.5, 87.0)", "flags: isHeader",
                                               "label: \"Counter, café ☕\"", "textDirection: ltr"], []),
                ]),
                ("SemanticsNode#4", None, ["Rect.fromLTRB(41.5, 402.0, 348.5, 422.0)",
                                           "label: \"You have pushed the button this many times:\"", "textDirection: ltr"], []),
                ("SemanticsNode#5", None, ["Rect.fromLTRB(186.0, 422.0, 204.0, 458.0)", "label: \"7\"", "textDirection: ltr"], []),
                ("SemanticsNode#10", None, ["Rect.fromLTRB(24.0, 480.0, 366.0, 536.0)",
                                            "actions: focus, tap", "flags: hasCheckedState, isChecked, hasEnabledState,",
                                            "  isEnabled, isFocusable", "label: \"Count by two\"", "textDirection: ltr"], []),
                ("SemanticsNode#8", None, ["merge boundary ⛔️", "Rect.fromLTRB(0.0, 0.0, 56.0, 56.0) with transform",
                                           "[[1.0,2.4492935982947064e-16,0.0,318.0];",
                                           "[-2.4492935982947064e-16,1.0,0.0,754.0]; [0.0,0.0,1.0,0.0];",
                                           "[0.0,0.0,0.0,1.0]]", "tooltip: \"Increment\"", "textDirection: ltr"], [
                    ("SemanticsNode#9", None, ["merged up ⬆️", "Rect.fromLTRB(0.0, 0.0, 56.0, 56.0)", "actions: focus, tap",
                                               "flags: isButton, hasEnabledState, isEnabled, isFocusable"], []),
                ]),
            ]),
        ]),
    ]),
])

# The same screen's render tree, in part: the view, the app bar's title and the counter's text.
PARAGRAPH = ["textAlign: start", "textDirection: ltr", "softWrap: wrapping at box width", "overflow: clip",
             "maxLines: unlimited"]


def paragraph(name, offset, size, words):
    data = f"offset=Offset({offset[0]}, {offset[1]})" if offset else "<none>"
    return ("RenderParagraph#" + name, "child", [f"parentData: {data} (can use size)",
                                                 f"constraints: BoxConstraints(0.0<=w<=390.0, 0.0<=h<=Infinity)",
                                                 f"size: Size({size[0]}, {size[1]})"] + PARAGRAPH +
            ["╘═╦══ text ═══", "  ║ TextSpan:", "  ║   inherit: true", f"  ║   \"{words}\"", "  ╚═══════════"], [])


RENDER = ("RenderView#8c1a0", None, ["debug mode enabled - ios", "view size: Size(1170.0, 2532.0) (in physical pixels)",
                                     "device pixel ratio: 3.0 (physical pixels per logical pixel)",
                                     "configuration: BoxConstraints(w=390.0, h=844.0) at 3.0x (in logical pixels)"], [
    ("RenderSemanticsAnnotations#52b1e", "child", ["needs compositing", "parentData: <none>",
                                                   "constraints: BoxConstraints(w=390.0, h=844.0)", "size: Size(390.0, 844.0)"], [
        ("RenderFlex#5b3f1", "child", ["parentData: <none> (can use size)", "constraints: BoxConstraints(w=390.0, h=844.0)",
                                       "size: Size(390.0, 844.0)", "direction: vertical", "mainAxisAlignment: start",
                                       "mainAxisSize: max", "crossAxisAlignment: center", "verticalDirection: down"], [
            ("RenderConstrainedBox#9a7d2", "child 1", ["parentData: offset=Offset(0.0, 0.0); flex=null; fit=null (can use size)",
                                                       "constraints: BoxConstraints(0.0<=w<=390.0, 0.0<=h<=Infinity)",
                                                       "size: Size(390.0, 103.0)",
                                                       "additionalConstraints: BoxConstraints(0.0<=w<=Infinity, h=103.0)"], [
                ("RenderPadding#4c6e8", "child", ["parentData: <none> (can use size)", "constraints: BoxConstraints(w=390.0, h=103.0)",
                                                  "size: Size(390.0, 103.0)", "padding: EdgeInsets(16.0, 59.0, 16.0, 16.0)"], [
                    paragraph("0d4f7", ("16.0", "59.0"), ("358.0", "28.0"), "Counter, café ☕"),
                ]),
            ]),
            ("RenderPadding#e61b3", "child 2", ["parentData: offset=Offset(0.0, 402.0); flex=null; fit=null (can use size)",
                                                "constraints: BoxConstraints(0.0<=w<=390.0, 0.0<=h<=Infinity)",
                                                "size: Size(390.0, 56.0)", "padding: EdgeInsets(41.5, 0.0, 41.5, 0.0)"], [
                ("RenderFlex#f0a9c", "child", ["parentData: offset=Offset(41.5, 0.0) (can use size)",
                                               "constraints: BoxConstraints(0.0<=w<=307.0, 0.0<=h<=Infinity)",
                                               "size: Size(307.0, 56.0)", "direction: vertical"], [
                    paragraph("77a01", ("0.0", "0.0"), ("307.0", "20.0"), "You have pushed the button this many times:"),
                    paragraph("c3d84", ("144.5", "20.0"), ("18.0", "36.0"), "7"),
                ]),
            ]),
            ("RenderOpacity#2a9e4", "child 3", ["parentData: offset=Offset(0.0, 458.0); flex=null; fit=null (can use size)",
                                                "constraints: BoxConstraints(0.0<=w<=390.0, 0.0<=h<=Infinity)",
                                                "size: Size(390.0, 40.0)", "opacity: 0.5"], [
                paragraph("6be13", None, ("390.0", "40.0"), "Tap + to count"),
            ]),
        ]),
    ]),
])


def logcat_brief(lines, pid=4321):
    return [f"I/flutter ({pid}): {line}" for line in lines]


def detox_failures():
    """The real Detox hierarchy (detox/detox-e2e-android-rn73-1080x2220.xml, wix/Detox, MIT) as Jest
    prints a DetoxRuntimeError (actions.js: 'Test Failed: ' + details, then 'View Hierarchy:\n' +
    the XML as its debugInfo; DetoxRuntimeError.js joins the parts with blank lines), and the same
    failure escaped in a jest-junit report."""
    with open(os.path.join(ROOT, "detox", "detox-e2e-android-rn73-1080x2220.xml"), encoding="utf-8") as handle:
        xml = handle.read().rstrip("\n")
    lines = ["  ● Hello screen › should show hello screen after tap", "",
             "    DetoxRuntimeError: Test Failed: No views in hierarchy found matching: (view.getTag() is \"hello_button\" and view has effective visibility <VISIBLE>)", "",
             "    View Hierarchy:"]
    lines += ["    " + line for line in xml.split("\n")]
    lines += ["", "      at DetoxRuntimeErrorComposer (../../node_modules/detox/src/errors/DetoxRuntimeError.js:18:5)",
              "      at Client.sendAction (../../node_modules/detox/src/client/Client.js:101:9)"]
    write("detox/written-jest-failure-android-rn73.txt", lines)

    def escaped(text):
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
    body = "Error: " + "\n".join(lines[2:])
    write("detox/written-jest-junit-android-rn73.xml", [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<testsuites name="jest tests" tests="1" failures="1" errors="0" time="12.5">',
        '  <testsuite name="Hello screen" errors="0" failures="1" skipped="0" timestamp="2024-08-26T12:11:23" time="12.5" tests="1">',
        '    <testcase classname="Hello screen should show hello screen after tap" name="Hello screen should show hello screen after tap" time="11.9">',
        "      <failure>" + escaped(body) + "</failure>", "    </testcase>", "  </testsuite>", "</testsuites>"])


def main():
    compose = compose_print(SIGN_IN, unmerged=False)
    write("compose/written-threadtime-logcat-1080x2400.txt",
          ["--------- beginning of main"] + threadtime(compose) + ["10-02 14:14:03.412 20435 20457 I TestRunner: finished: signIn(com.acme.SignInTest)"])
    write("compose/written-brief-logcat-crlf-1080x2400.txt", brief(compose_print(SIGN_IN, unmerged=True)), newline="\r\n")
    write("compose/written-count-mismatch-failure-1080x2400.txt", count_mismatch_failure())
    write("flutter/written-ios-semantics-390x844.txt",
          ["flutter: " + line for line in flutter_print(SEMANTICS)])
    write("flutter/written-logcat-render-tree-390x844.txt",
          ["--------- beginning of main"] + logcat_brief(flutter_print(RENDER)))
    detox_failures()


if __name__ == "__main__":
    main()
