package io.linestore.bench.cli;

import io.linestore.bench.recommend.Progress;
import java.io.PrintStream;
import java.time.Duration;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * A progress bar for {@code recommend} on a terminal: seconds spent out of the time budget, and the
 * step under way. Redrawn by the bar's own thread; {@link #step} only records.
 */
final class RecommendProgressBar implements Progress, AutoCloseable {

    private final ProgressBar bar;
    private final long start = System.nanoTime();

    RecommendProgressBar(PrintStream stderr, Duration budget) {
        bar = new ProgressBarBuilder()
                .setTaskName("recommend")
                .setInitialMax(budget.toSeconds())
                .setUnit(" s", 1)
                .setStyle(ProgressBarStyle.ASCII)
                .setUpdateIntervalMillis(250)
                .setConsumer(new ConsoleProgressBarConsumer(stderr))
                .hideEta()
                .build();
    }

    @Override
    public void step(String step) {
        advance();
        bar.setExtraMessage(" " + step);
    }

    /** Draws the final state and stops the bar's thread. */
    @Override
    public void close() {
        advance();
        bar.close();
    }

    private void advance() {
        bar.stepTo(Math.min(bar.getMax(), (System.nanoTime() - start) / 1_000_000_000L));
    }
}
