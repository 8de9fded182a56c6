package io.linestore.cli.store;

import io.linestore.ProgressListener;
import java.io.PrintStream;
import java.util.Locale;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * A progress bar for a build on a terminal: megabytes read, MB/s, lines so far, and an ETA when
 * the input's size is known. Redrawn by the bar's own thread; {@link #update} only records.
 */
public final class BuildProgressBar implements ProgressListener, AutoCloseable {

    private static final long MEGABYTE = 1_000_000L;

    private final ProgressBar bar;

    private BuildProgressBar(ProgressBar bar) {
        this.bar = bar;
    }

    /**
     * Starts a bar.
     *
     * @param stderr the terminal to draw on
     * @param inputBytes the input's size, or a negative number when unknown (standard input)
     * @return the bar; close it when the build ends
     */
    public static BuildProgressBar start(PrintStream stderr, long inputBytes) {
        ProgressBarBuilder builder = new ProgressBarBuilder()
                .setTaskName("build")
                .setInitialMax(inputBytes < 0 ? -1 : inputBytes)
                .setUnit("MB", MEGABYTE)
                .showSpeed()
                .setStyle(ProgressBarStyle.ASCII)
                .setUpdateIntervalMillis(250)
                .setConsumer(new ConsoleProgressBarConsumer(stderr));
        if (inputBytes < 0) {
            builder.hideEta();
        }
        return new BuildProgressBar(builder.build());
    }

    @Override
    public void update(long lines, long inputBytes) {
        bar.stepTo(inputBytes);
        bar.setExtraMessage(String.format(Locale.ROOT, " %,d lines", lines));
    }

    /** Draws the final state and stops the bar's thread. */
    @Override
    public void close() {
        bar.close();
    }
}
