package io.linestore.gen;

/**
 * Receives progress while a {@link Generator} writes. Called from the writing thread after each
 * block of about 1 MiB, so an implementation must be cheap.
 */
@FunctionalInterface
public interface GenerationProgress {

    /** Ignores progress. */
    GenerationProgress NONE = (lines, bytes) -> { };

    /**
     * Reports how far the output has come.
     *
     * @param lines lines written so far
     * @param bytes bytes written so far
     */
    void update(long lines, long bytes);
}
