package io.linestore;

import java.time.Duration;

/**
 * What {@link LineStores#index} did: how much of the file is indexed now, and how much of it this
 * call read (only the new tail of a file that grew; nothing for one already indexed).
 *
 * @param lineCount lines of the file indexed now, in total, {@code >= 0}
 * @param indexedBytes bytes of the file indexed now, in total, {@code >= 0}
 * @param bytesRead bytes of the file read by this call, {@code 0 <= bytesRead <= indexedBytes}
 * @param elapsed time the call took
 */
public record IndexSummary(long lineCount, long indexedBytes, long bytesRead, Duration elapsed) {

    /**
     * Read throughput of this call.
     *
     * @return megabytes (10^6 bytes) read per second; 0 when nothing was read
     */
    public double megabytesPerSecond() {
        return Throughput.megabytesPerSecond(bytesRead, elapsed);
    }
}
