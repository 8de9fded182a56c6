package io.linestore.s3;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.s3.model.GetObjectRequest;

/**
 * Counts the HTTP requests a client sends, by request type (GetObjectRequest, ...), retries included,
 * and the bytes of their answers' bodies (their Content-Length).
 */
final class RequestCounter implements ExecutionInterceptor {

    private final Map<String, AtomicLong> counts = new ConcurrentHashMap<>();
    private final AtomicLong bytes = new AtomicLong();
    private final AtomicLong dataGets = new AtomicLong();
    private final AtomicLong dataBytes = new AtomicLong();
    private final Object company = new Object();
    private int dataGetsInFlight;
    private int mostDataGetsInFlight;
    private long holdNanos;

    @Override
    public void beforeTransmission(Context.BeforeTransmission context, ExecutionAttributes attributes) {
        counts.computeIfAbsent(context.request().getClass().getSimpleName(), k -> new AtomicLong()).incrementAndGet();
        if (context.request() instanceof GetObjectRequest get && get.key().endsWith(".lines")) {
            synchronized (company) {
                dataGetsInFlight++;
                mostDataGetsInFlight = Math.max(mostDataGetsInFlight, dataGetsInFlight);
                company.notifyAll();
                long deadline = System.nanoTime() + holdNanos;
                // Held until another GET of data is in flight too, or the hold ends: GETs sent one at a
                // time never meet.
                while (dataGetsInFlight < 2 && System.nanoTime() < deadline) {
                    try {
                        company.wait(Math.max(1, (deadline - System.nanoTime()) / 1_000_000));
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        return;
                    }
                }
            }
        }
    }

    @Override
    public void afterTransmission(Context.AfterTransmission context, ExecutionAttributes attributes) {
        long length = context.httpResponse().firstMatchingHeader("Content-Length").map(Long::parseLong).orElse(0L);
        bytes.addAndGet(length);
        if (context.request() instanceof GetObjectRequest get && get.key().endsWith(".lines")) {
            dataGets.incrementAndGet();
            dataBytes.addAndGet(length);
            synchronized (company) {
                dataGetsInFlight--;
            }
        }
    }

    /**
     * Holds each GET of a data object, before it is sent, until another one is in flight or the time
     * is up, so that GETs sent together are seen together ({@link #mostDataGetsInFlight}).
     *
     * @param nanos the longest hold
     */
    void holdDataGets(long nanos) {
        synchronized (company) {
            holdNanos = nanos;
        }
    }

    /**
     * The most GETs of data objects in flight at once since the last reset.
     *
     * @return the count
     */
    int mostDataGetsInFlight() {
        synchronized (company) {
            return mostDataGetsInFlight;
        }
    }

    /**
     * Bytes the answers carried since the last reset.
     *
     * @return the sum of their Content-Length
     */
    long bytes() {
        return bytes.get();
    }

    /**
     * GETs of data objects since the last reset, and the bytes their answers carried.
     *
     * @return the count and the sum of their Content-Length
     */
    long[] dataGets() {
        return new long[] {dataGets.get(), dataBytes.get()};
    }

    long get(String type) {
        AtomicLong count = counts.get(type);
        return count == null ? 0 : count.get();
    }

    long total() {
        return counts.values().stream().mapToLong(AtomicLong::get).sum();
    }

    void reset() {
        counts.clear();
        bytes.set(0);
        dataGets.set(0);
        dataBytes.set(0);
        synchronized (company) {
            mostDataGetsInFlight = dataGetsInFlight;
        }
    }

    @Override
    public String toString() {
        return counts.toString();
    }
}
