package io.linestore;

/**
 * Receives progress while lines are written: by {@link LineStores#build}, {@link LineStores#index},
 * {@link LineStores#append}, and by the test-data generator. Called from the writing thread after
 * each chunk (about one write buffer), so an implementation must be cheap and must not throw; the
 * counts it receives never decrease.
 */
@FunctionalInterface
public interface ProgressListener {

    /** Ignores progress. */
    ProgressListener NONE = (lines, bytes) -> { };

    /**
     * Reports how far the work has come.
     *
     * @param lines lines handled so far in this call, {@code >= 0}
     * @param bytes bytes handled so far in this call, {@code >= 0}: input consumed by a build,
     *     index or append; output written by the generator
     */
    void update(long lines, long bytes);
}
