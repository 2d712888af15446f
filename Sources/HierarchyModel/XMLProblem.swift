/// What XMLParser (libxml2) found wrong with a document, in words, for the one-line errors of
/// every reader of XML (the dumps' importers, `report --junit-in`).
public enum XMLProblem {
    /// XMLParser's error code in words. The codes are libxml2's on every platform (Darwin's
    /// `XMLParser.ErrorCode` shares them; Linux's enum is numbered differently), so match numbers.
    public static func describe(_ code: Int) -> String {
        let words = [
            4: "no XML document", 5: "the document ends early or has content after its root element",
            9: "a character XML does not allow", 26: "an undeclared entity", 38: "a '<' inside an attribute value",
            39: "a broken attribute", 40: "a broken attribute", 41: "an attribute without a value",
            42: "an attribute is given twice", 64: "the XML declaration is not at the start",
            68: "a tag without a name", 73: "a tag is not closed with '>'", 76: "a closing tag does not match the open element",
            77: "a tag is cut short", 85: "the tags are not well balanced",
        ][code] ?? "the document is not well-formed"
        return "\(words) (XMLParser error \(code))"
    }

    /// The one-line message for XMLParser's error `code`: "malformed XML: …", except for code 1,
    /// libxml2's internal error, which it gives for its size limits (a name, text or attribute
    /// value over 10 MB), not for a document that breaks XML's rules.
    public static func message(_ code: Int) -> String {
        guard code != 1 else { return "the XML is larger than libxml2 reads: a text or attribute value over 10 MB" }
        return "malformed XML: " + describe(code)
    }
}
