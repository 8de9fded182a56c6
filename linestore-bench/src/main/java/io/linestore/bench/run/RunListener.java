package io.linestore.bench.run;

/**
 * Hears where {@link JmhRunner} is, for a progress display. Called from the thread that runs JMH,
 * between benchmarks; a listener must return quickly. Every method does nothing by default.
 */
public interface RunListener {

    /** Hears nothing. */
    RunListener NONE = new RunListener() { };

    /**
     * Says that a run starts: JMH is about to run its benchmarks.
     *
     * @param run the run
     */
    default void runStarted(JmhRun run) {
    }

    /**
     * Says that a benchmark (one method with one set of parameter values) starts its forks.
     *
     * @param benchmark its short name, {@code ReadBenchmark.read}
     */
    default void benchmarkStarted(String benchmark) {
    }

    /** Says that the benchmark that started last has finished. */
    default void benchmarkFinished() {
    }
}
