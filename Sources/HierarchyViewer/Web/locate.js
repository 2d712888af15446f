"use strict";
/**
 * Locators in the search box, as `hierarchy find` runs them: `xpath:`, `id:`, `accessibility-id:`,
 * `class-name:` and `predicate:` before the text. The data's `locators` holds the screen's XML (the
 * XML `hierarchy find --print-xml` shows), its kind (`appium`, `uiautomator`, `viewTree`) and, for
 * each element in document order, the id of the view it stands for (null for none). XPath runs in
 * the browser's own engine (`document.evaluate` over a DOMParser document); the other strategies
 * read the elements with the meanings of HierarchyFind's `ElementValues`, and `predicate:` parses
 * and tests as its `PredicateParser` and `PredicateEvaluator` do, so that the page and the command
 * line give the same matches and, for a predicate that does not parse, the same column and message.
 * Pages without `locators` search text only.
 *
 * A test framework's matcher (`onView(allOf(…))`, `- tapOn: {below: …}`, `matcher:`, and the
 * `text-matching:`/`id-matching:` strategies its single matchers become) is not run here: the page
 * `find -o PAGE.html` writes carries the command's answer for the locator it was opened with
 * (`find.answered`: its text, strategy and the ids of its matches, as HierarchyFind's
 * `MatcherEngine` found them), and the box gives that answer for that text; another matcher is
 * said to need `hierarchy find` or `hierarchy serve` (whose box asks the server, `useFinder`).
 * One engine answers, so the page and the command cannot differ.
 * A page served by `hierarchy serve` asks the server instead, for every locator `find` reads
 * (`isLocator`; `search.js`), and shows find's own answer with its reasons.
 */
const Locate = ((hv) => {
  let source = hv.data.locators;
  const answered = hv.data.find ? hv.data.find.answered : null;
  // A test framework's matcher by its look, as HierarchyFind's `MatcherParser.framework(of:)` tells it.
  const MATCHER = /^(?:-\s*)?(?:tapOn|doubleTapOn|longPressOn|assertVisible|assertNotVisible|scrollUntilVisible|copyTextFrom)\s*:|^(?:await\s+|const\s+)*(?:app\.|XCUIApplication\(\)\.|find\.\w+\(|element\(|by\.\w+\(|(?:[\w.]+\.)?on(?:All)?Node\w*\(|!?has[A-Z]\w*\(|is(?:Toggleable|On|Off|NotEnabled)\(|(?:(?:Espresso|ViewMatchers|Matchers|CoreMatchers)\.)?(?:onView|with[A-Z]\w*|allOf|anyOf|not|isDisplayed|isEnabled|isDescendantOfA|hasDescendant|childAtPosition)\()|^(?:matcher|text-matching|id-matching):/;
  const STRATEGIES = [
    ["xpath:", "xpath", "xpath"], ["id:", "id", "id"], ["accessibility-id:", "accessibility id", "accessibility-id"],
    ["class-name:", "class name", "class-name"], ["predicate:", "-ios predicate string", "predicate"],
  ];
  let doc = null, elements = null, indexOf = null;
  // A next screen in place of this one (`hv.replace`): its XML, parsed when a locator asks.
  hv.onReplace(() => { source = hv.data.locators; doc = elements = indexOf = null; });

  /** The strategy and value of a prefixed text (`xpath://Button`), or null for plain text. */
  function parse(text) {
    if (!source) return null;
    if (answered && text === answered.text) return { using: answered.using, option: "matcher", value: text, carried: answered.matches };
    for (const [prefix, using, option] of STRATEGIES) {
      if (text.startsWith(prefix)) return { using, option, value: text.slice(prefix.length) };
    }
    if (MATCHER.test(text)) return { using: "matcher", option: "matcher", value: text, carried: null };
    return null;
  }

  /** The XML's elements in document order, parsed once, on the first locator. */
  function load() {
    if (doc) return;
    doc = new DOMParser().parseFromString(source.xml, "application/xml");
    elements = [];
    indexOf = new Map();
    const walker = doc.createTreeWalker(doc, NodeFilter.SHOW_ELEMENT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) { indexOf.set(node, elements.length); elements.push(node); }
  }

  /**
   * Runs a prefixed locator: `{using, value, matches, error}`, `matches` the ids of the views it
   * finds in document order (drawn or not), `error` the message of a locator that does not parse
   * or run (`--predicate: column 7: …`, as the command line says it), else null.
   */
  function run(text) {
    const locator = parse(text);
    if (!locator) return null;
    const answer = { using: locator.using, value: locator.value, matches: [], error: null };
    if ("carried" in locator) {
      if (locator.carried) answer.matches = locator.carried.slice();
      else answer.error = "--matcher: this page holds find's answer for the matcher it was opened with only: run hierarchy find on the dump with this matcher, or open it with hierarchy serve, whose search box runs any";
      return answer;
    }
    load();
    try {
      answer.matches = find(locator).filter((i) => source.views[i] !== null).map((i) => source.views[i]);
    } catch (error) {
      if (!(error instanceof LocatorError)) throw error;
      answer.error = `--${locator.option}: ` + (error.column ? `column ${error.column}: ` : "") + error.message;
    }
    return answer;
  }

  function find({ using, value }) {
    const values = Values(source.kind), views = elements.map((_, i) => i).filter((i) => source.views[i] !== null);
    switch (using) {
      case "xpath": return xpath(value);
      case "id": return views.filter((i) => values.ids(elements[i]).includes(value));
      case "accessibility id": return views.filter((i) => values.accessibilityIDs(elements[i]).includes(value));
      case "class name": return views.filter((i) => values.className(elements[i]) === value);
      default: {
        const predicate = Predicates.parse(value), test = Predicates.evaluator(values);
        return views.filter((i) => test(predicate, elements[i]));
      }
    }
  }

  /** The elements an XPath expression selects, in document order; as `ScreenXML.evaluate`, an
   *  expression that gives a number, string or boolean, or nodes that are not elements, is refused. */
  function xpath(expression) {
    let result;
    try {
      result = doc.evaluate(expression, doc, null, XPathResult.ANY_TYPE, null);
    } catch (error) {
      throw new LocatorError(null, `the browser cannot evaluate this XPath expression (${String(error.message).replace(/^.*?: /, "")})`);
    }
    if ([XPathResult.NUMBER_TYPE, XPathResult.STRING_TYPE, XPathResult.BOOLEAN_TYPE].includes(result.resultType)) {
      throw new LocatorError(null, "it evaluates to a number, string or boolean, not elements");
    }
    const found = new Set();
    let other = null;
    for (let node = result.iterateNext(); node; node = result.iterateNext()) {
      if (node.nodeType === Node.ELEMENT_NODE && indexOf.has(node)) found.add(indexOf.get(node)); else other = other ?? node;
    }
    if (!found.size && other) throw new LocatorError(null, `it selects ${other.nodeType === Node.ATTRIBUTE_NODE ? "attributes" : "text or other nodes"}, not elements`);
    return [...found].sort((a, b) => a - b);
  }

  // Every prefix `hierarchy find` reads before a locator (HierarchyFind's `Locator.Strategy.options`).
  const FIND_PREFIX = /^(?:xpath|id|accessibility-id|class-name|uiautomator|predicate|class-chain|text|text-matching|id-matching|matcher|css|link-text|partial-link-text|tag-name|name):/;

  /**
   * Whether `hierarchy find` reads `text` as a locator rather than as a text (HierarchyFind's
   * `Locator(argument:)`): one of its prefixes, XPath (`/`, `(`), a UiSelector, a class chain or a
   * test framework's matcher. A served page's search box asks the server for these.
   */
  function isLocator(text) {
    return FIND_PREFIX.test(text) || /^(?:\/|\(|new UiSelector|\*\*\/)/.test(text) || MATCHER.test(text);
  }

  return { parse, run, isLocator, available: () => Boolean(source) };
})(HV);

/** A locator that does not parse or run: its 1-based column when known, and why. */
class LocatorError extends Error {
  constructor(column, message) { super(message); this.column = column; }
}

/**
 * What the locators read of an element, per kind of screen: HierarchyFind's `ElementValues`.
 * `attr` is its subscript (nil when absent or empty), `raw` the attribute as it is.
 */
function Values(kind) {
  const attr = (e, key) => { const v = e.getAttribute(key); return v === null || v === "" ? null : v; };
  const raw = (e, key) => e.getAttribute(key);
  const present = (list) => list.filter((v) => v !== null);

  function ids(e) {
    if (kind === "uiautomator") {
      const id = attr(e, "resource-id");
      if (id === null) return [];
      const at = id.indexOf(":id/");
      return at >= 0 ? [id, id.slice(at + 4)] : [id];
    }
    return kind === "appium" ? present([attr(e, "name")]) : present([attr(e, "resource-id"), attr(e, "id"), attr(e, "name")]);
  }

  function accessibilityIDs(e) {
    if (kind === "uiautomator") return present([attr(e, "content-desc")]);
    return kind === "appium" ? present([attr(e, "name")]) : present([attr(e, "content-desc"), attr(e, "name")]);
  }

  function className(e) {
    if (kind === "uiautomator") return attr(e, "class") ?? e.tagName;
    return kind === "appium" ? attr(e, "type") ?? e.tagName : e.tagName;
  }

  /** The frame in the XML's units: `bounds` on Android, `x y width height` elsewhere. */
  function rect(e) {
    const bounds = attr(e, "bounds");
    if (bounds !== null) {
      const n = bounds.split(/[^\p{N}.\-]+/u).filter((s) => s !== "").map(Numbers.parse).filter((v) => v !== null);
      return n.length === 4 ? { x: n[0], y: n[1], width: n[2] - n[0], height: n[3] - n[1] } : null;
    }
    const [x, y, width, height] = ["x", "y", "width", "height"].map((k) => { const v = attr(e, k); return v === null ? null : Numbers.parse(v); });
    return [x, y, width, height].includes(null) ? null : { x, y, width, height };
  }

  const RECT_KEYS = {
    "rect.x": "x", "rect.origin.x": "x", "frame.origin.x": "x", x: "x",
    "rect.y": "y", "rect.origin.y": "y", "frame.origin.y": "y", y: "y",
    "rect.width": "width", "rect.size.width": "width", "frame.size.width": "width", width: "width",
    "rect.height": "height", "rect.size.height": "height", "frame.size.height": "height", height: "height",
  };

  /** A predicate's key path (`wdName` and the like read as `name`). */
  function key(path, e) {
    let k = path;
    if (k.startsWith("wd") && [...k].length > 2) { const rest = [...k].slice(2); k = rest[0].toLowerCase() + rest.slice(1).join(""); }
    if (["type", "elementType", "className"].includes(k)) return className(e);
    if (k === "identifier") return attr(e, "name") ?? attr(e, "resource-id") ?? attr(e, "id");
    if (k === "title") return attr(e, "label");
    if (RECT_KEYS[k]) { const r = rect(e); return r ? Numbers.integral(r[RECT_KEYS[k]]) : null; }
    if (kind === "uiautomator") {
      const android = { label: "content-desc", name: "resource-id", value: "text" };
      if (android[k]) return attr(e, android[k]);
      if (k === "visible") return attr(e, "displayed") ?? "true";
    }
    return raw(e, k);
  }

  return { ids, accessibilityIDs, className, key };
}

/** Numbers as Swift reads and prints them (`Double(text)`, `String(double)`). */
const Numbers = {
  /** Swift's `Double(text)`: the whole text a decimal or hexadecimal number, inf or nan; else null. */
  parse(text) {
    if (/^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/.test(text)) return Number(text);
    if (/^[+-]?0[xX][0-9a-fA-F]+$/.test(text)) return (text.startsWith("-") ? -1 : 1) * parseInt(text.replace(/^[+-]?0[xX]/, ""), 16);
    if (/^[+-]?(?:inf|infinity)$/i.test(text)) return text.startsWith("-") ? -Infinity : Infinity;
    return /^[+-]?nan$/i.test(text) ? NaN : null;
  },
  /** `ElementValues.number`: a whole number without a fraction, else as Swift prints it. */
  integral(v) { return v === Math.round(v) && Math.abs(v) < 1e15 ? String(v) : Numbers.swift(v); },
  /** Swift's `String(double)`: `1.0`, `0.5`, `1e+16`, `1e-05`. */
  swift(v) {
    if (!Number.isFinite(v)) return Number.isNaN(v) ? "nan" : v > 0 ? "inf" : "-inf";
    if (v === 0) return Object.is(v, -0) ? "-0.0" : "0.0";
    const exponent = Math.floor(Math.log10(Math.abs(v)));
    if (exponent < -4 || exponent >= 16) return v.toExponential().replace(/e([+-])(\d)$/, "e$10$2");
    const text = String(v);
    return text.includes(".") ? text : text + ".0";
  },
};
