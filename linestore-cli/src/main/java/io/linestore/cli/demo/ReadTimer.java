package io.linestore.cli.demo;

import io.linestore.LineStore;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * Times reads of a run of lines: untimed runs first, so the JIT has compiled the read's code, then
 * the best of several timed runs, so a stray pause of a busy machine does not count. Stores are
 * warmed apart from their timing ({@link #warmStore}) and timed in interleaved rounds
 * ({@link #stores}), so that every store and reader is warmed before the first is timed and a late
 * compilation weighs on all alike. Each read's lines are counted and checked, so no read can be
 * skipped.
 */
final class ReadTimer {

    private final int warmups;
    private final int runs;

    /**
     * Makes a timer.
     *
     * @param warmups how many times each read runs untimed first
     * @param runs how many times each read runs timed; the fastest counts
     */
    ReadTimer(int warmups, int runs) {
        this.warmups = warmups;
        this.runs = runs;
    }

    /**
     * Runs {@link LineStore#readBytes} of lines {@code [offset, offset + size)} the warm-up number of
     * times, untimed.
     *
     * @param store the open store
     * @param offset the first line
     * @param size how many lines; all must exist
     */
    void warmStore(LineStore store, long offset, int size) {
        best(storeRead(store, offset, size), size, warmups, 0);
    }

    /**
     * Times every store at every offset in interleaved rounds (each round reads each store at each
     * offset once), with no warm-up of their own: call {@link #warmStore} first. Interleaving makes
     * a pause or a late compilation fall on every store and offset alike instead of on the first ones
     * timed.
     *
     * @param stores the open stores
     * @param offsets the first lines of the reads
     * @param size how many lines each read; all must exist
     * @return for each store and offset, the fastest round, in milliseconds
     */
    double[][] stores(List<LineStore> stores, long[] offsets, int size) {
        double[][] fastest = new double[stores.size()][offsets.length];
        for (double[] row : fastest) {
            Arrays.fill(row, Double.MAX_VALUE);
        }
        for (int run = 0; run < runs; run++) {
            for (int s = 0; s < stores.size(); s++) {
                // The first read of a store in a round follows another store's and finds the caches
                // cold: each offset takes its turn first.
                for (int k = 0; k < offsets.length; k++) {
                    int o = (k + run) % offsets.length;
                    fastest[s][o] = Math.min(fastest[s][o], best(storeRead(stores.get(s), offsets[o], size), size, 0, 1));
                }
            }
        }
        return fastest;
    }

    private static Read storeRead(LineStore store, long offset, int size) {
        return () -> {
            long[] lines = new long[1];
            store.readBytes(offset, size, (number, line) -> lines[0]++);
            return lines[0];
        };
    }

    /**
     * Times what a program without an index does, after its own warm-up runs: reads the text file line by line from its start
     * with {@link BufferedReader#readLine()}, skipping {@code offset} lines, then keeps {@code size}.
     *
     * @param text the text file
     * @param offset the first line
     * @param size how many lines; all must exist
     * @return the fastest run, in milliseconds
     */
    double textFromStart(Path text, long offset, int size) {
        return best(() -> {
            try (BufferedReader reader = new BufferedReader(
                    new InputStreamReader(Files.newInputStream(text), StandardCharsets.UTF_8))) {
                for (long i = 0; i < offset; i++) {
                    reader.readLine();
                }
                long kept = 0;
                while (kept < size && reader.readLine() != null) {
                    kept++;
                }
                return kept;
            }
        }, size, warmups, runs);
    }

    private static double best(Read read, long expectedLines, int warmups, int runs) {
        long fastest = Long.MAX_VALUE;
        for (int run = -warmups; run < runs; run++) {
            long start = System.nanoTime();
            long lines;
            try {
                lines = read.run();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            if (run >= 0) {
                fastest = Math.min(fastest, System.nanoTime() - start);
            }
            if (lines != expectedLines) {
                throw new IllegalStateException("read " + lines + " lines, expected " + expectedLines);
            }
        }
        return fastest / 1e6;
    }

    /** One timed read; returns how many lines it read. */
    @FunctionalInterface
    private interface Read {
        long run() throws IOException;
    }
}
