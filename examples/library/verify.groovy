// Both runs printed what ReadNumbers promises. build.log holds the whole Maven output; each run's
// lines follow the [INFO] lines that start its exec execution.
def log = new File(basedir, 'build.log').text
def expected = ['[500001, 500002, 500003]', '999998: 999999', '999999: 1000000', '500000500000']
for (run in ['class-path', 'module-path']) {
    def start = log.indexOf("(${run}) @ library ---")
    assert start >= 0 : "no ${run} run in build.log"
    def printed = log.substring(start).readLines().drop(1)
            .dropWhile { it.startsWith('[INFO]') }
            .takeWhile { !it.startsWith('[INFO]') }
    assert printed == expected : "the ${run} run printed:\n${printed.join('\n')}"
}
