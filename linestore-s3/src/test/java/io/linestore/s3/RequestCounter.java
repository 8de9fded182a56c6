package io.linestore.s3;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;

/** Counts the HTTP requests a client sends, by request type (GetObjectRequest, ...), retries included. */
final class RequestCounter implements ExecutionInterceptor {

    private final Map<String, AtomicLong> counts = new ConcurrentHashMap<>();

    @Override
    public void beforeTransmission(Context.BeforeTransmission context, ExecutionAttributes attributes) {
        counts.computeIfAbsent(context.request().getClass().getSimpleName(), k -> new AtomicLong()).incrementAndGet();
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
    }

    @Override
    public String toString() {
        return counts.toString();
    }
}
