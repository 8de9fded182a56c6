package io.linestore.impl;

import static org.assertj.core.api.Assertions.assertThat;

import io.linestore.LineStore;
import io.linestore.LineStores;
import io.linestore.ReadMethod;
import io.linestore.ReadOptions;
import io.linestore.StoreClosedException;
import io.linestore.StoreOptions;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Many threads reading a store of many more shards than the handle cache holds: handles are evicted
 * under running reads all the time, and no read may fail or return a wrong line.
 */
class ConcurrentReadTest {

    private static final int LINES = 400;
    private static final int LINES_PER_SHARD = 2;
    private static final int THREADS = 8;
    private static final int READS_PER_THREAD = 200;

    @TempDir
    Path tmp;

    @ParameterizedTest
    @EnumSource(ReadMethod.class)
    void eightThreadsOfRandomReadsThroughACacheOfTwo(ReadMethod method) throws Exception {
        try (LineStore store = open(method)) {
            try (ExecutorService pool = Executors.newFixedThreadPool(THREADS)) {
                List<Future<Long>> checked = new ArrayList<>();
                for (int t = 0; t < THREADS; t++) {
                    long seed = t;
                    checked.add(pool.submit(() -> readRandomly(store, seed, READS_PER_THREAD, new AtomicBoolean())));
                }
                for (Future<Long> lines : checked) {
                    assertThat(lines.get()).isGreaterThan(READS_PER_THREAD);
                }
            }
        }
    }

    @ParameterizedTest
    @EnumSource(ReadMethod.class)
    void closingUnderReadsLetsThemFinishAndFailsLaterOnesCleanly(ReadMethod method) throws Exception {
        LineStore store = open(method);
        AtomicBoolean closedSeen = new AtomicBoolean();
        try (ExecutorService pool = Executors.newFixedThreadPool(THREADS)) {
            List<Future<Long>> readers = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                long seed = 100 + t;
                readers.add(pool.submit(() -> readRandomly(store, seed, Integer.MAX_VALUE, closedSeen)));
            }
            Thread.sleep(50);
            store.close();
            for (Future<Long> reader : readers) {
                reader.get();
            }
        }
        assertThat(closedSeen).isTrue();
    }

    private LineStore open(ReadMethod method) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < LINES; i++) {
            text.append(expected(i)).append(i % 3 == 0 ? "\r\n" : "\n");
        }
        Path dir = tmp.resolve(method.name());
        LineStores.build(new ByteArrayInputStream(text.toString().getBytes(StandardCharsets.UTF_8)), dir,
                StoreOptions.builder().sharded(LINES_PER_SHARD).indexStride(1).build());
        return LineStores.open(dir, ReadOptions.builder().method(method).handleCacheSize(2).autoThresholdBytes(40)
                .build());
    }

    /**
     * Reads random ranges, checking every line, until {@code reads} are done or the store is closed.
     * Returns the lines checked.
     */
    private static long readRandomly(LineStore store, long seed, int reads, AtomicBoolean closedSeen) {
        SplittableRandom random = new SplittableRandom(seed);
        AtomicLong checked = new AtomicLong();
        try {
            for (int r = 0; r < reads; r++) {
                long offset = random.nextInt(LINES);
                int size = 1 + random.nextInt(8);
                List<String> lines = store.read(offset, size);
                assertThat(lines).hasSize((int) Math.min(size, LINES - offset));
                for (int i = 0; i < lines.size(); i++) {
                    assertThat(lines.get(i)).isEqualTo(expected(offset + i));
                }
                store.readBytes(offset, size, (number, line) -> {
                    assertThat(StandardCharsets.UTF_8.decode(line).toString()).isEqualTo(expected(number));
                    checked.incrementAndGet();
                });
                checked.addAndGet(lines.size());
            }
        } catch (StoreClosedException e) {
            closedSeen.set(true);
        }
        return checked.get();
    }

    private static String expected(long line) {
        return "line " + line + " é " + "x".repeat((int) (line % 17));
    }
}
