package io.linestore;

import java.time.Duration;
import java.util.Objects;

/**
 * What {@link LineStores#index} did: how much of the file is indexed now, how much of it this call
 * read (only the new tail of a file that grew; nothing for one already indexed and unchanged; all of
 * it for one indexed anew, or modified or replaced at the same size and checked in full), and why an
 * index that was there was not kept.
 *
 * @param lineCount lines of the file indexed now, in total, {@code >= 0}
 * @param indexedBytes bytes of the file indexed now, in total, {@code >= 0}
 * @param bytesRead bytes of the file read by this call, {@code >= 0}
 * @param elapsed time the call took
 * @param rebuiltBecause why the index there was made anew (the file changed, the index is damaged),
 *     in words that name what differs; empty when there was none, or it was kept or extended
 */
public record IndexSummary(long lineCount, long indexedBytes, long bytesRead, Duration elapsed, String rebuiltBecause) {

    /**
     * Checks the summary.
     *
     * @throws NullPointerException if {@code elapsed} or {@code rebuiltBecause} is null
     */
    public IndexSummary {
        Objects.requireNonNull(elapsed, "elapsed");
        Objects.requireNonNull(rebuiltBecause, "rebuiltBecause");
    }

    /**
     * What an index that kept or extended what was there, or made the first one, did.
     *
     * @param lineCount lines of the file indexed now, in total
     * @param indexedBytes bytes of the file indexed now, in total
     * @param bytesRead bytes of the file read by this call
     * @param elapsed time the call took
     */
    public IndexSummary(long lineCount, long indexedBytes, long bytesRead, Duration elapsed) {
        this(lineCount, indexedBytes, bytesRead, elapsed, "");
    }

    /**
     * Read throughput of this call.
     *
     * @return megabytes (10^6 bytes) read per second; 0 when nothing was read
     */
    public double megabytesPerSecond() {
        return Throughput.megabytesPerSecond(bytesRead, elapsed);
    }
}
