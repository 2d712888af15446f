enum LayoutBenchmark {
    static func run(_ arguments: [String]) throws {}
}
