"use strict";
/**
 * iOS predicate strings for the search box's `predicate:`, read and tested as HierarchyFind's
 * `PredicateParser` (with its `LocatorScanner`) and `PredicateEvaluator` do: the same grammar,
 * the same columns and messages for a predicate that does not parse, the same answers. Columns
 * count code points (Swift counts characters: they differ only inside a cluster of several).
 * A predicate is a tree of `{constant}`, `{not}`, `{and}`, `{or}` and `{left, op, right, options}`
 * nodes; an operand is `{key}`, `{string}`, `{number}`, `{bool}` or `{list}`.
 */
const Predicates = (() => {
  const WORD = /[\p{L}\p{N}_]/u, SPACE = /\s/u;

  /** A locator's text read a character at a time, and where it stopped (`LocatorScanner`). */
  class Scanner {
    constructor(text) { this.chars = [...text]; this.offset = 0; }
    get atEnd() { return this.offset >= this.chars.length; }
    get peek() { return this.atEnd ? null : this.chars[this.offset]; }
    error(message, at) { return new LocatorError((at ?? this.offset) + 1, message); }
    skipSpaces() { while (this.peek !== null && SPACE.test(this.peek)) this.offset++; }
    take(word, caseInsensitive = false) {
      const w = [...word], end = this.offset + w.length;
      if (end > this.chars.length) return false;
      const slice = this.chars.slice(this.offset, end).join("");
      if (caseInsensitive ? slice.toLowerCase() !== word.toLowerCase() : slice !== word) return false;
      this.offset = end;
      return true;
    }
    expect(word, what) { this.skipSpaces(); if (!this.take(word)) throw this.error(`expected ${what ?? `'${word}'`}${this.found}`); }
    get found() { return this.peek !== null ? `, found '${this.peek}'` : ", found the end"; }
    identifier() {
      const start = this.offset;
      while (this.peek !== null && (WORD.test(this.peek) || (this.peek === "." && this.offset > start))) this.offset++;
      return this.offset > start ? this.chars.slice(start, this.offset).join("") : null;
    }
    quoted() {
      const mark = this.peek;
      if (mark !== "\"" && mark !== "'") return null;
      const start = this.offset;
      this.offset++;
      let value = "";
      while (this.peek !== null) {
        const c = this.peek;
        this.offset++;
        if (c === mark) return value;
        if (c === "\\" && this.peek !== null) {
          const next = this.peek;
          this.offset++;
          value += next === "n" ? "\n" : next === "t" ? "\t" : next;
        } else {
          value += c;
        }
      }
      throw this.error("the string that starts here is never closed", start);
    }
    number() {
      const start = this.offset;
      if (this.peek === "-" || this.peek === "+") this.offset++;
      while (this.peek !== null && /[0-9.]/.test(this.peek)) this.offset++;
      const value = Numbers.parse(this.chars.slice(start, this.offset).join(""));
      if (value === null) { this.offset = start; return null; }
      return value;
    }
  }

  function parse(text) {
    const scanner = new Scanner(text), predicate = disjunction(scanner);
    scanner.skipSpaces();
    if (!scanner.atEnd) throw scanner.error(`expected AND, OR or the end${scanner.found}`);
    return predicate;
  }

  function disjunction(s) {
    let left = conjunction(s);
    while (keyword(s, "OR") || symbol(s, "||")) left = { or: [left, conjunction(s)] };
    return left;
  }

  function conjunction(s) {
    let left = negation(s);
    while (keyword(s, "AND") || symbol(s, "&&")) left = { and: [left, negation(s)] };
    return left;
  }

  function negation(s) {
    if (keyword(s, "NOT") || symbol(s, "!")) return { not: negation(s) };
    s.skipSpaces();
    if (s.take("(")) {
      const inner = disjunction(s);
      s.expect(")", "')'");
      return inner;
    }
    if (keyword(s, "TRUEPREDICATE")) return { constant: true };
    if (keyword(s, "FALSEPREDICATE")) return { constant: false };
    const left = operand(s), op = comparison(s), options = optionsSuffix(s);
    return { left, op, right: operand(s), options };
  }

  /** A word that ends where a key path could not go on. */
  function keyword(s, word) {
    s.skipSpaces();
    const start = s.offset;
    if (!s.take(word, true)) return false;
    if (s.peek !== null && WORD.test(s.peek)) { s.offset = start; return false; }
    return true;
  }

  function symbol(s, text) {
    s.skipSpaces();
    if (text === "!" && s.chars[s.offset] === "!" && s.chars[s.offset + 1] === "=") return false;
    return s.take(text);
  }

  const SYMBOLS = [["==", "=="], ["!=", "!="], ["<>", "!="], ["<=", "<="], ["=<", "<="], [">=", ">="], ["=>", ">="], ["=", "=="], ["<", "<"], [">", ">"]];
  const WORDS = ["CONTAINS", "BEGINSWITH", "ENDSWITH", "LIKE", "MATCHES", "IN"];

  function comparison(s) {
    s.skipSpaces();
    for (const [text, op] of SYMBOLS) if (s.take(text)) return op;
    for (const word of WORDS) if (keyword(s, word)) return word;
    throw s.error(`expected a comparison (==, !=, <, >, CONTAINS, BEGINSWITH, ENDSWITH, LIKE, MATCHES, IN)${s.found}`);
  }

  function optionsSuffix(s) {
    const options = { c: false, d: false };
    if (s.peek !== "[") return options;
    s.offset++;
    while (s.peek !== null && s.peek !== "]") {
      if (s.peek !== "c" && s.peek !== "d") throw s.error(`expected c or d in the options${s.found}`);
      options[s.peek] = true;
      s.offset++;
    }
    s.expect("]", "']' closing the options");
    return options;
  }

  function operand(s) {
    s.skipSpaces();
    const string = s.quoted();
    if (string !== null) return { string };
    if (s.take("{")) return { list: list(s) };
    for (const [word, value] of [["TRUE", true], ["YES", true], ["FALSE", false], ["NO", false]]) if (keyword(s, word)) return { bool: value };
    if (s.peek !== null && (/\p{N}/u.test(s.peek) || s.peek === "-")) { const number = s.number(); if (number !== null) return { number }; }
    if (s.peek === "$") throw s.error("variables ($name) cannot be resolved here");
    const key = s.identifier();
    if (key !== null) return { key };
    throw s.error(`expected a key path, a string, a number or a list${s.found}`);
  }

  function list(s) {
    const items = [];
    s.skipSpaces();
    if (s.take("}")) return items;
    do { items.push(operand(s)); s.skipSpaces(); } while (s.take(","));
    s.expect("}", "',' or '}'");
    return items;
  }

  // ---- Testing an element (`PredicateEvaluator`) -------------------------------------------

  const ORDERED = ["==", "!=", "<", "<=", ">", ">="];
  const IDENTIFIERS = ["identifier", "label", "title", "value", "placeholderValue"];

  /** The test `(predicate, element) → bool` over `values` (what `Values(kind)` reads). */
  function evaluator(values) {
    function test(p, e) {
      if ("constant" in p) return p.constant;
      if ("not" in p) return !test(p.not, e);
      if ("and" in p) return test(p.and[0], e) && test(p.and[1], e);
      if ("or" in p) return test(p.or[0], e) || test(p.or[1], e);
      return compare(p.left, p.op, p.right, p.options, e);
    }

    function compare(left, op, right, options, e) {
      if (op === "IN") {
        if ("list" in right) return right.list.some((item) => compare(left, "==", item, options, e));
        // `"Sign in" IN identifiers` (XCUITest's subscript): the key holds the value.
        if ("key" in right) return (right.key === "identifiers" ? IDENTIFIERS : [right.key]).some((k) => compare({ key: k }, "==", left, options, e));
        const l = text(left, e), r = text(right, e);
        return l !== null && r !== null && fold(r, options).includes(fold(l, options));
      }
      const l = text(left, e), r = text(right, e);
      if (ORDERED.includes(op) && (isNumeric(left) || isNumeric(right))) {
        const a = l === null ? null : number(l), b = r === null ? null : number(r);
        if (a === null || b === null) return op === "!=";
        return order(a, op, b);
      }
      if (l === null || r === null) return op === "!=";
      const a = fold(l, options), b = fold(r, options);
      switch (op) {
        case "CONTAINS": return a.includes(b);
        case "BEGINSWITH": return a.startsWith(b);
        case "ENDSWITH": return a.endsWith(b);
        case "LIKE": return Texts.like(a, b);
        case "MATCHES": return Texts.wholeMatch(a, b);
        default: return order(a, op, b);
      }
    }

    function text(operand, e) {
      if ("key" in operand) return values.key(operand.key, e);
      if ("string" in operand) return operand.string;
      if ("number" in operand) return Numbers.swift(operand.number);
      if ("bool" in operand) return operand.bool ? "1" : "0";
      return null;
    }

    return test;
  }

  function order(a, op, b) {
    switch (op) {
      case "==": return a === b;
      case "!=": return a !== b;
      case "<": return a < b;
      case "<=": return a <= b;
      case ">": return a > b;
      default: return a >= b;
    }
  }

  const isNumeric = (operand) => "number" in operand || "bool" in operand;

  function number(text) {
    const lower = text.toLowerCase();
    if (lower === "true" || lower === "yes") return 1;
    if (lower === "false" || lower === "no") return 0;
    return Numbers.parse(text);
  }

  const fold = (text, options) => Texts.folded(text, options.c, options.d);

  return { parse, evaluator };
})();

/** The string tests the locators share (HierarchyFind's `TextMatch`). */
const Texts = {
  /** A regular expression that must match the whole value (NSPredicate's MATCHES); false for one
   *  the browser cannot read. */
  wholeMatch(value, pattern) {
    for (const flags of ["u", ""]) {
      try { return new RegExp(`^(?:${pattern})$`, flags).test(value); } catch { /* try without "u", then give up */ }
    }
    return false;
  },
  /** LIKE: `*` any run of characters, `?` one character, the rest literal. */
  like(value, pattern) {
    const expression = [...pattern].map((c) => c === "*" ? "[^]*" : c === "?" ? "." : c.replace(/[.*+?^${}()|[\]\\\/]/g, "\\$&")).join("");
    return new RegExp(`^${expression}$`, "su").test(value);
  },
  /** `[c]` folds case, `[d]` diacritics (Foundation's `folding(options:)`). */
  folded(value, caseInsensitive, diacriticInsensitive) {
    let text = value;
    if (diacriticInsensitive) text = text.normalize("NFD").replace(/\p{Mn}/gu, "").normalize("NFC");
    if (caseInsensitive) text = text.toUpperCase().toLowerCase();
    return text;
  },
};
