package io.linestore.bench.cli;

import io.linestore.bench.run.BenchProgress;
import io.linestore.bench.run.JmhRun;
import io.linestore.bench.run.RunListener;
import java.io.PrintWriter;
import java.time.Duration;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * Shows a {@link BenchProgress} on standard error as {@code bench} runs: a progress bar of
 * benchmarks done, with the run, the benchmarks left and the ETA beside it (briefly enough for an
 * 80-column terminal), when standard error is a terminal and JMH prints nothing; else a line when
 * the display starts and one when each benchmark starts, which stays readable between JMH's lines
 * and in a log. The ETA is the progress's own, not the bar's: benchmarks of different runs take
 * different times. Closing it draws the final state and stops the bar's thread.
 */
final class BenchProgressDisplay implements RunListener, AutoCloseable {

    private final BenchProgress progress;
    private final PrintWriter lines;
    private final ProgressBar bar;
    private final long start = System.nanoTime();

    private BenchProgressDisplay(BenchProgress progress, PrintWriter lines, ProgressBar bar) {
        this.progress = progress;
        this.lines = lines;
        this.bar = bar;
    }

    /**
     * Starts showing.
     *
     * @param progress the progress to show, which this display keeps up to date
     * @param stderr where the lines go
     * @param asBar draw a bar on the JVM's standard error instead of writing lines
     * @return the display; close it when the runs end
     */
    static BenchProgressDisplay start(BenchProgress progress, PrintWriter stderr, boolean asBar) {
        ProgressBar bar = null;
        if (asBar) {
            bar = new ProgressBarBuilder()
                    .setTaskName("bench")
                    .setInitialMax(progress.benchmarks())
                    .setStyle(ProgressBarStyle.ASCII)
                    .setUpdateIntervalMillis(250)
                    .setConsumer(new ConsoleProgressBarConsumer(System.err))
                    .hideEta()
                    .build();
        }
        BenchProgressDisplay display = new BenchProgressDisplay(progress, stderr, bar);
        display.show(true);
        return display;
    }

    @Override
    public void runStarted(JmhRun run) {
        progress.runStarted(run);
        show(false);
    }

    @Override
    public void benchmarkStarted(String benchmark) {
        progress.benchmarkStarted(benchmark);
        show(true);
    }

    @Override
    public void benchmarkFinished() {
        progress.benchmarkFinished();
        show(false);
    }

    @Override
    public void close() {
        if (bar != null) {
            show(false);
            bar.close();
        }
    }

    /** Updates the bar; writes a line only where one is due, so that a benchmark costs one line. */
    private void show(boolean line) {
        Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
        if (bar != null) {
            bar.stepTo(progress.done());
            bar.setExtraMessage(" " + progress.brief(elapsed));
        } else if (line) {
            lines.println("bench: " + progress.describe(elapsed));
            lines.flush();
        }
    }
}
