package io.linestore;

import java.time.Duration;

/** The throughput the summaries report. */
final class Throughput {

    private Throughput() {
    }

    /** Megabytes (10^6 bytes) per second; 0 for no time at all. */
    static double megabytesPerSecond(long bytes, Duration elapsed) {
        double seconds = elapsed.toNanos() / 1e9;
        return seconds == 0 ? 0 : bytes / 1e6 / seconds;
    }
}
