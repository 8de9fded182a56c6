package io.linestore.impl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.linestore.StoreClosedException;
import io.linestore.impl.cache.HandleCache;
import java.io.Closeable;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class HandleCacheTest {

    private final List<Handle> opened = new ArrayList<>();

    @Test
    void evictedHandleClosesOnlyWhenItsLeaseEnds() {
        try (HandleCache<Handle> cache = new HandleCache<>(1, this::open, "test")) {
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

    @Test
    void cachedHandleIsReused() {
        try (HandleCache<Handle> cache = new HandleCache<>(4, this::open, "test")) {
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

    @Test
    void closeReleasesIdleHandlesAndWaitsForLeasedOnes() {
        HandleCache<Handle> cache = new HandleCache<>(4, this::open, "the store");
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
