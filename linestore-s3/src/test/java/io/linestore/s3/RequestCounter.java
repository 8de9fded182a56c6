package io.linestore.s3;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;

/**
 * Counts the HTTP requests a client sends, by request type (GetObjectRequest, ...), retries included,
 * and the bytes of their answers' bodies (their Content-Length).
 */
final class RequestCounter implements ExecutionInterceptor {

    private final Map<String, AtomicLong> counts = new ConcurrentHashMap<>();
    private final AtomicLong bytes = new AtomicLong();

    @Override
    public void beforeTransmission(Context.BeforeTransmission context, ExecutionAttributes attributes) {
        counts.computeIfAbsent(context.request().getClass().getSimpleName(), k -> new AtomicLong()).incrementAndGet();
    }

    @Override
    public void afterTransmission(Context.AfterTransmission context, ExecutionAttributes attributes) {
        context.httpResponse().firstMatchingHeader("Content-Length").ifPresent(length -> bytes.addAndGet(
                Long.parseLong(length)));
    }

    /**
     * Bytes the answers carried since the last reset.
     *
     * @return the sum of their Content-Length
     */
    long bytes() {
        return bytes.get();
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
    }

    @Override
    public String toString() {
        return counts.toString();
    }
}
