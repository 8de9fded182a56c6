package io.linestore;

import java.time.Duration;

/**
 * What {@link LineStores#build} wrote.
 *
 * @param lineCount lines in the store, {@code >= 0}
 * @param inputBytes bytes read from the input
 * @param dataBytes bytes of data written (the input plus a final {@code \n} where it lacked one)
 * @param shardCount data files written
 * @param elapsed time the build took
 * @param fileBytes bytes of the data files: {@code dataBytes}, or less for a compressed store
 */
public record BuildSummary(long lineCount, long inputBytes, long dataBytes, int shardCount, Duration elapsed,
        long fileBytes) {

    /**
     * Input throughput.
     *
     * @return megabytes (10^6 bytes) of input per second
     */
    public double megabytesPerSecond() {
        return Throughput.megabytesPerSecond(inputBytes, elapsed);
    }
}
