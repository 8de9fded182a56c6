package io.linestore.s3;

import static org.assertj.core.api.Assertions.assertThat;

import io.linestore.IndexKind;
import io.linestore.Layout;
import io.linestore.LineStore;
import io.linestore.LineStores;
import io.linestore.ReadMethod;
import io.linestore.ReadOptions;
import io.linestore.StoreOptions;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The store contract over S3: stores of every layout and index kind are built locally, pushed to a
 * real SeaweedFS, opened by {@code s3://} URI (well, by location, with a client of the test server)
 * and every read must equal the local store's: edges and random ranges through {@code AUTO}, the
 * whole store through every other read method (all read through the same ranged GETs).
 */
@ExtendWith(SeaweedFs.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class S3ReadIT {

    private static final int LINES = 300;

    @TempDir
    static Path temp;

    private S3Objects objects;
    private String bucket;
    private Path input;

    @BeforeAll
    void setUp(SeaweedFs server) throws IOException {
        objects = server.client(temp.resolve("cache"));
        bucket = SeaweedFs.newBucket(objects);
        input = Files.write(temp.resolve("input.txt"), TestLines.text(7, LINES, false, true));
    }

    @AfterAll
    void tearDown() {
        objects.close();
    }

    static Stream<Arguments> shapes() {
        return Stream.of(
                Arguments.of("single-dense", StoreOptions.defaults()),
                Arguments.of("sharded-7", StoreOptions.builder().sharded(7).build()),
                Arguments.of("sharded-37-sparse7", StoreOptions.builder().sharded(37).index(IndexKind.sparse(7)).build()),
                Arguments.of("single-compact2", StoreOptions.builder().index(IndexKind.compact(2)).build()),
                Arguments.of("single-none", StoreOptions.builder().index(IndexKind.NONE).build()),
                Arguments.of("sharded-50-none", StoreOptions.builder().layout(Layout.SHARDED).linesPerShard(50)
                        .index(IndexKind.NONE).build()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("shapes")
    void everyReadEqualsTheLocalStore(String name, StoreOptions shape) {
        Path local = temp.resolve(name);
        LineStores.build(input, local, shape);
        ObjectLocation location = new ObjectLocation(bucket, "stores/" + name);
        long pushed = new StorePusher(objects, 5 << 20).push(local, location);
        assertThat(pushed).as(name).isPositive();

        try (LineStore expected = LineStores.open(local, ReadMethod.FILE_CHANNEL)) {
            assertThat(expected.lineCount()).isEqualTo(LINES);
            for (ReadMethod method : ReadMethod.values()) {
                try (LineStore actual = S3LineStore.open(objects, new IndexCache(temp.resolve("cache-" + name), 1 << 30),
                        location, ReadOptions.of(method), () -> { })) {
                    assertThat(actual.readMethod()).isEqualTo(method);
                    assertThat(actual.info()).as(name).isEqualTo(expected.info());
                    assertThat(actual.lineCount()).isEqualTo(LINES);
                    if (method != ReadMethod.AUTO) {
                        // Every method reads through the same ranged GETs: one whole read shows it is accepted.
                        assertThat(actual.read(0, LINES)).as(name + " " + method).isEqualTo(expected.read(0, LINES));
                        continue;
                    }
                    for (long[] range : ranges(name.hashCode() ^ method.ordinal())) {
                        String what = name + " " + method + " read(" + range[0] + ", " + range[1] + ")";
                        assertThat(actual.read(range[0], range[1])).as(what).isEqualTo(expected.read(range[0], range[1]));
                        assertThat(bytes(actual, range)).as(what).isEqualTo(bytes(expected, range));
                    }
                    assertThat(actual.lines(0, LINES).toList()).isEqualTo(expected.read(0, LINES));
                    if (method == ReadMethod.AUTO) {
                        // verify streams every object: once per shape is enough, whatever the method.
                        assertThat(actual.verify().problems()).as(name).isEmpty();
                    }
                }
            }
        }
    }

    /**
     * Sixteen threads reading one open store at once (shared entry pages, read-ahead window and
     * pinned ETags), and sixteen fresh readers at once, each read equal to the local store's.
     */
    @Test
    void sixteenConcurrentReadersReadExactly() throws Exception {
        Path local = temp.resolve("concurrent");
        LineStores.build(input, local, StoreOptions.builder().sharded(37).build());
        ObjectLocation location = new ObjectLocation(bucket, "stores/concurrent");
        new StorePusher(objects, 5 << 20).push(local, location);
        try (LineStore expected = LineStores.open(local, ReadMethod.FILE_CHANNEL);
                LineStore shared = S3LineStore.open(objects, new IndexCache(temp.resolve("cache-concurrent"), 1 << 30),
                        location, ReadOptions.of(ReadMethod.AUTO), () -> { });
                ExecutorService pool = Executors.newFixedThreadPool(16)) {
            List<Future<?>> readers = new ArrayList<>();
            for (int t = 0; t < 16; t++) {
                int seed = t;
                readers.add(pool.submit(() -> {
                    SplittableRandom random = new SplittableRandom(seed);
                    for (int i = 0; i < 40; i++) {
                        long first = random.nextInt(LINES);
                        long count = random.nextInt(1, 80);
                        // Every fourth thread continues its last read, as a batched range read does.
                        long from = seed % 4 == 0 ? (i * 20L) % LINES : first;
                        assertThat(shared.read(from, count)).isEqualTo(expected.read(from, count));
                    }
                    try (LineStore fresh = S3LineStore.open(objects, new IndexCache(temp.resolve("cache-fresh-"
                            + seed), 1 << 30), location, ReadOptions.of(ReadMethod.AUTO), () -> { })) {
                        assertThat(fresh.read(first(seed), 30)).isEqualTo(expected.read(first(seed), 30));
                    }
                    return null;
                }));
            }
            for (Future<?> reader : readers) {
                reader.get();
            }
        }
    }

    private static long first(int seed) {
        return (seed * 17L) % LINES;
    }

    /** Edges and random ranges: empty, single lines, shard ends, the whole store, past the end. */
    private static List<long[]> ranges(long seed) {
        List<long[]> ranges = new ArrayList<>(List.of(new long[] {0, 0}, new long[] {0, 1}, new long[] {LINES - 1, 1},
                new long[] {LINES - 1, 5}, new long[] {LINES, 3}, new long[] {LINES + 10, 1}, new long[] {0, LINES},
                new long[] {36, 2}, new long[] {49, 2}, new long[] {6, 8}, new long[] {0, Long.MAX_VALUE}));
        SplittableRandom random = new SplittableRandom(seed);
        for (int i = 0; i < 10; i++) {
            ranges.add(new long[] {random.nextInt(LINES), random.nextInt(60)});
        }
        return ranges;
    }

    /** Every visited line as its line number and hex bytes: compares readBytes exactly. */
    private static List<String> bytes(LineStore store, long[] range) {
        List<String> lines = new ArrayList<>();
        store.readBytes(range[0], range[1], (number, line) -> {
            ByteBuffer copy = line.duplicate();
            byte[] b = new byte[copy.remaining()];
            copy.get(b);
            lines.add(number + ":" + HexFormat.of().formatHex(b));
        });
        return lines;
    }
}
