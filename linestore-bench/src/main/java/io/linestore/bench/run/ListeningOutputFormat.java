package io.linestore.bench.run;

import java.io.IOException;
import java.util.Collection;
import java.util.Objects;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.format.OutputFormat;

/**
 * JMH's output as it would be, with a {@link RunListener} told when each benchmark starts and ends:
 * JMH calls both in the host JVM, forked benchmark or not.
 */
final class ListeningOutputFormat implements OutputFormat {

    private final OutputFormat delegate;
    private final RunListener listener;

    ListeningOutputFormat(OutputFormat delegate, RunListener listener) {
        this.delegate = Objects.requireNonNull(delegate, "delegate");
        this.listener = Objects.requireNonNull(listener, "listener");
    }

    @Override
    public void startBenchmark(BenchmarkParams params) {
        delegate.startBenchmark(params);
        String name = params.getBenchmark();
        int method = name.lastIndexOf('.');
        listener.benchmarkStarted(name.substring(name.lastIndexOf('.', method - 1) + 1));
    }

    @Override
    public void endBenchmark(BenchmarkResult result) {
        delegate.endBenchmark(result);
        listener.benchmarkFinished();
    }

    @Override
    public void iteration(BenchmarkParams benchParams, IterationParams params, int iteration) {
        delegate.iteration(benchParams, params, iteration);
    }

    @Override
    public void iterationResult(BenchmarkParams benchParams, IterationParams params, int iteration,
            IterationResult data) {
        delegate.iterationResult(benchParams, params, iteration, data);
    }

    @Override
    public void startRun() {
        delegate.startRun();
    }

    @Override
    public void endRun(Collection<RunResult> result) {
        delegate.endRun(result);
    }

    @Override
    public void print(String s) {
        delegate.print(s);
    }

    @Override
    public void println(String s) {
        delegate.println(s);
    }

    @Override
    public void flush() {
        delegate.flush();
    }

    @Override
    public void close() {
        delegate.close();
    }

    @Override
    public void verbosePrintln(String s) {
        delegate.verbosePrintln(s);
    }

    @Override
    public void write(int b) {
        delegate.write(b);
    }

    @Override
    public void write(byte[] b) throws IOException {
        delegate.write(b);
    }
}
