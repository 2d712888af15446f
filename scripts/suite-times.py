#!/usr/bin/env python3
"""scripts/suite-times.py LOG [N]: the N slowest test classes (40 by default) of an XCTest log
(`swift test > LOG`, or .ci/run's /tmp/hierarchy-ci-*.log), with their test counts and seconds,
after the total: where CI's time goes, for its budget."""
import re
import sys


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    rows, suite = [], None
    with open(sys.argv[1], errors="replace") as log:
        for line in log:
            named = re.match(r"Test Suite '([^']+)' (passed|failed)", line)
            if named:
                suite = named.group(1)
                continue
            summary = re.search(r"Executed (\d+) tests?.* in ([0-9.]+) \(", line)
            if summary and suite:
                rows.append((float(summary.group(2)), suite, int(summary.group(1))))
                suite = None
    # The bundle's and the run's own summaries add the classes up again.
    rows = [row for row in rows if not row[1].endswith(".xctest") and row[1] not in ("All tests", "Selected tests")]
    rows.sort(reverse=True)
    print("total %.0f s over %d classes" % (sum(row[0] for row in rows), len(rows)))
    for seconds, suite, count in rows[: int(sys.argv[2]) if len(sys.argv) > 2 else 40]:
        print("%7.1f s %4d tests  %s" % (seconds, count, suite))


if __name__ == "__main__":
    main()
