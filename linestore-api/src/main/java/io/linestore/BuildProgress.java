package io.linestore;

/**
 * Receives progress while a store is built. Called from the building thread, after each chunk of
 * input (about every write buffer), so an implementation must be cheap.
 */
@FunctionalInterface
public interface BuildProgress {

    /** Ignores progress. */
    BuildProgress NONE = (lines, bytes) -> { };

    /**
     * Reports how far the build has come.
     *
     * @param lines lines written so far
     * @param inputBytes input bytes consumed so far
     */
    void update(long lines, long inputBytes);
}
