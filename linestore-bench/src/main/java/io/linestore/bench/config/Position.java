package io.linestore.bench.config;

import java.util.List;
import java.util.SplittableRandom;

/**
 * Where in the store the benchmarks read: a window of 1% of the store's lines (at least one line)
 * at its start, middle or end, or the whole store, and reads start at random lines inside it.
 * Shared by the JMH {@code @Param}s and the tests.
 */
public enum Position {

    /** The first 1% of the lines. */
    START,

    /** The 1% of the lines around the middle. */
    MIDDLE,

    /** The last 1% of the lines, such that a whole range still fits before the end. */
    END,

    /**
     * Anywhere: every line from which a whole range fits, uniformly. Unlike the 1% windows, which keep
     * their part of the index and the data hot in the CPU caches, this is what a user reading all over
     * a large store gets, and what a fair comparison with SQLite's B-tree needs.
     */
    RANDOM;

    /**
     * The three windows, {@link #START}, {@link #MIDDLE} and {@link #END}: where {@code recommend}
     * measures (the end against the start is what it compares; its recorded runs hold these three).
     */
    public static final List<Position> WINDOWS = List.of(START, MIDDLE, END);

    /** How many offsets {@link #offsets} makes: a power of two, taken with {@code i++ & MASK}. */
    public static final int OFFSET_COUNT = 1 << 10;

    /** The mask that turns a counter into an index of the array {@link #offsets} returns. */
    public static final int MASK = OFFSET_COUNT - 1;

    /**
     * Draws {@link #OFFSET_COUNT} first-line numbers for reads of {@code rangeSize} lines in this
     * position's window, the same for the same arguments.
     *
     * @param lineCount the store's line count, {@code >= 1}
     * @param rangeSize the lines per read, {@code >= 1}
     * @param seed the random seed
     * @return line numbers in {@code [0, lineCount)}
     * @throws IllegalArgumentException if {@code lineCount} or {@code rangeSize} is below 1
     */
    public long[] offsets(long lineCount, int rangeSize, long seed) {
        if (lineCount < 1) {
            throw new IllegalArgumentException("lineCount must be >= 1: " + lineCount);
        }
        if (rangeSize < 1) {
            throw new IllegalArgumentException("rangeSize must be >= 1: " + rangeSize);
        }
        long lastStart = Math.max(0, lineCount - rangeSize);
        long window = this == RANDOM ? lastStart + 1 : Math.max(1, Math.min(lineCount / 100, lastStart + 1));
        long first = switch (this) {
            case START, RANDOM -> 0;
            case MIDDLE -> Math.min(lastStart + 1 - window, Math.max(0, lineCount / 2 - window / 2));
            case END -> lastStart + 1 - window;
        };
        SplittableRandom random = new SplittableRandom(seed ^ ordinal());
        long[] offsets = new long[OFFSET_COUNT];
        for (int i = 0; i < offsets.length; i++) {
            offsets[i] = first + random.nextLong(window);
        }
        return offsets;
    }
}
