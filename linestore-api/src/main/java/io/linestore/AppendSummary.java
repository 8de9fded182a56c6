package io.linestore;

import java.time.Duration;

/**
 * What {@link LineStores#append} added, and the store it left.
 *
 * @param appendedLines lines added by this call, {@code >= 0}
 * @param inputBytes bytes read from the input
 * @param appendedDataBytes bytes added to the store's data (the input plus a final {@code \n} where
 *     it lacked one)
 * @param lineCount lines in the store after the append
 * @param shardCount data files in the store after the append
 * @param elapsed time the call took
 */
public record AppendSummary(long appendedLines, long inputBytes, long appendedDataBytes, long lineCount,
        int shardCount, Duration elapsed) {

    /**
     * Input throughput.
     *
     * @return megabytes (10^6 bytes) of input per second
     */
    public double megabytesPerSecond() {
        return Throughput.megabytesPerSecond(inputBytes, elapsed);
    }
}
