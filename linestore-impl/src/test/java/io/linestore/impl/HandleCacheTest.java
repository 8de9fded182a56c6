package io.linestore.impl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.linestore.StoreClosedException;
import io.linestore.impl.cache.HandleCache;
import java.io.Closeable;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Both ways the cache keeps handles: a slot per key when every key fits under the bound, a bounded
 * Caffeine cache when not.
 */
class HandleCacheTest {

    private final List<Handle> opened = new ArrayList<>();

    @Test
    void evictedHandleClosesOnlyWhenItsLeaseEnds() {
        try (HandleCache<Handle> cache = new HandleCache<>(21, 1, this::open, "test")) {
            HandleCache.Lease<Handle> lease = cache.acquire(0);
            for (int key = 1; key <= 20; key++) {
                try (HandleCache.Lease<Handle> other = cache.acquire(key)) {
                    assertThat(other.get().closed).isFalse();
                }
            }
            assertThat(cache.size()).isLessThanOrEqualTo(1);
            assertThat(lease.get().closed).isFalse();
            lease.close();
            assertThat(opened.get(0).closed).isTrue();
        }
        assertThat(opened).allSatisfy(handle -> assertThat(handle.closed).isTrue());
    }

    @ParameterizedTest(name = "{0} keys")
    @ValueSource(ints = {4, 1000})
    void cachedHandleIsReused(int keys) {
        try (HandleCache<Handle> cache = new HandleCache<>(keys, 4, this::open, "test")) {
            Handle first;
            try (HandleCache.Lease<Handle> lease = cache.acquire(3)) {
                first = lease.get();
            }
            try (HandleCache.Lease<Handle> lease = cache.acquire(3)) {
                assertThat(lease.get()).isSameAs(first);
            }
            assertThat(opened).hasSize(1);
        }
    }

    @ParameterizedTest(name = "{0} keys")
    @ValueSource(ints = {4, 1000})
    void closeReleasesIdleHandlesAndWaitsForLeasedOnes(int keys) {
        HandleCache<Handle> cache = new HandleCache<>(keys, 4, this::open, "the store");
        cache.acquire(0).close();
        HandleCache.Lease<Handle> leased = cache.acquire(1);
        cache.close();
        assertThat(opened.get(0).closed).isTrue();
        assertThat(opened.get(1).closed).isFalse();
        leased.close();
        assertThat(opened.get(1).closed).isTrue();
        assertThatThrownBy(() -> cache.acquire(0)).isInstanceOf(StoreClosedException.class)
                .hasMessageContaining("the store");
    }

    @ParameterizedTest(name = "{0} keys")
    @ValueSource(ints = {4, 1000})
    void threadsRacingToOpenAKeyShareOneHandleAndCloseTheRest(int keys) throws Exception {
        List<Handle> all = java.util.Collections.synchronizedList(new ArrayList<>());
        try (HandleCache<Handle> cache = new HandleCache<>(keys, 4, key -> {
            Handle handle = new Handle();
            all.add(handle);
            return handle;
        }, "test")) {
            java.util.concurrent.CyclicBarrier start = new java.util.concurrent.CyclicBarrier(8);
            List<java.util.concurrent.Future<Handle>> got = new ArrayList<>();
            try (java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(8)) {
                for (int t = 0; t < 8; t++) {
                    got.add(pool.submit(() -> {
                        start.await();
                        try (HandleCache.Lease<Handle> lease = cache.acquire(2)) {
                            assertThat(lease.get().closed).isFalse();
                            return lease.get();
                        }
                    }));
                }
                Handle shared = got.get(0).get();
                for (java.util.concurrent.Future<Handle> each : got) {
                    assertThat(each.get()).isSameAs(shared);
                }
                assertThat(all).filteredOn(handle -> handle != shared).allSatisfy(h -> assertThat(h.closed).isTrue());
                assertThat(shared.closed).isFalse();
            }
        }
        assertThat(all).allSatisfy(handle -> assertThat(handle.closed).isTrue());
    }

    private Handle open(int key) {
        Handle handle = new Handle();
        opened.add(handle);
        return handle;
    }

    private static final class Handle implements Closeable {
        boolean closed;

        @Override
        public void close() {
            assertThat(closed).as("closed twice").isFalse();
            closed = true;
        }
    }
}
