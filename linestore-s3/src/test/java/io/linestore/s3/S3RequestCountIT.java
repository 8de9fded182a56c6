package io.linestore.s3;

import static org.assertj.core.api.Assertions.assertThat;

import io.linestore.IndexKind;
import io.linestore.LineBatch;
import io.linestore.LineStore;
import io.linestore.LineStores;
import io.linestore.ReadMethod;
import io.linestore.ReadOptions;
import io.linestore.StoreOptions;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a read costs in requests, counted by an SDK interceptor. A pushed store with a dense index:
 * a one-line read costs a ranged GET of a few KiB of its index and one of the line's bytes, then 1
 * GET once those index pages are in memory; 10,000 lines likewise; a new reader starts again from
 * the manifest, never downloading the whole index. A compact index is downloaded whole once (into
 * the cache shared by processes), then every read is 1 GET. No request ever lists a bucket.
 */
@ExtendWith(SeaweedFs.class)
class S3RequestCountIT {

    @TempDir
    Path temp;

    @Test
    void aDenseIndexIsReadByRangesNeverDownloaded(SeaweedFs server) throws IOException {
        RequestCounter counter = new RequestCounter();
        try (S3Objects objects = server.client(temp.resolve("cache"), counter)) {
            ObjectLocation location = push(objects, IndexKind.DENSE);
            long indexBytes = Files.size(temp.resolve("store-numbers.txt-dense/g1/shards/00000002.idx"));
            for (int reader = 0; reader < 2; reader++) {
                counter.reset();
                try (LineStore store = open(objects, location)) {
                    assertThat(counter.total()).as("open: the manifest only").isEqualTo(1);
                    counter.reset();
                    assertThat(store.read(99_999, 1)).containsExactly("99999");
                    assertThat(counter.get("GetObjectRequest")).as("cold: entries, then the line: %s", counter)
                            .isEqualTo(2);
                    assertThat(counter.bytes()).as("a few KiB of index, not its %d bytes", indexBytes)
                            .isLessThan(16 << 10);
                    counter.reset();
                    assertThat(store.read(99_990, 5)).containsExactly("99990", "99991", "99992", "99993", "99994");
                    assertThat(counter.total()).as("warm: %s", counter).isEqualTo(1);

                    counter.reset();
                    assertThat(store.read(50_000, 10_000)).hasSize(10_000).startsWith("50000").endsWith("59999");
                    assertThat(counter.total()).as("10,000 lines: entries and one range: %s", counter).isEqualTo(2);
                    counter.reset();
                    assertThat(store.read(50_000, 10_000)).hasSize(10_000);
                    assertThat(counter.total()).as("the same lines again: the last GET's bytes: %s", counter)
                            .isZero();
                }
            }
            assertThat(counter.get("ListObjectsV2Request") + counter.get("ListObjectsRequest")).isZero();

            // Scattered reads of one shard: after 16 GETs of entries, its whole index, once.
            try (LineStore store = open(objects, location)) {
                for (int read = 0; read < 20; read++) {
                    // Lines 2,000 apart in shard 1: pages of entries that never follow one another.
                    assertThat(store.read(40_000 + 2_000L * read, 1)).containsExactly(Integer.toString(40_000
                            + 2_000 * read));
                }
                counter.reset();
                assertThat(store.read(79_500, 1)).containsExactly("79500");
                assertThat(counter.total()).as("index mapped: %s", counter).isEqualTo(1);
            }
            try (LineStore store = open(objects, location)) {
                counter.reset();
                assertThat(store.read(41_234, 1)).containsExactly("41234");
                assertThat(counter.total()).as("index cached by the last reader: %s", counter).isEqualTo(1);
            }
            // A cache folder that cannot be made caches no manifest; a dense index's reads go on.
            Path notAFolder = Files.writeString(temp.resolve("not-a-folder"), "");
            try (LineStore store = S3LineStore.open(objects, new IndexCache(notAFolder.resolve("cache"), 1 << 30),
                    location, ReadOptions.of(ReadMethod.AUTO), () -> { })) {
                assertThat(store.read(99_999, 1)).containsExactly("99999");
            }
        }
    }

    /**
     * A range read in batches of 4,096 lines, as the command line reads one, fetches ahead only as far
     * as it has read: each GET that continues the last fetches twice its bytes (of data, and of
     * entries), so 10 batches cost 4 GETs of each, and a 10,000-line read 2 GETs of data and at most
     * 1.5 times its text.
     */
    @Test
    void aRangeReadInBatchesFetchesAheadOnlyAsFarAsItHasRead(SeaweedFs server) throws IOException {
        RequestCounter counter = new RequestCounter();
        ObjectLocation location;
        try (S3Objects objects = server.client(temp.resolve("cache"), counter)) {
            location = push(objects, IndexKind.DENSE);
            try (LineStore store = open(objects, location)) {
                counter.reset();
                List<String> lines = readInBatches(store, 0, 40_000);
                assertThat(lines).hasSize(40_000).startsWith("0", "1").endsWith("39999");
                // Batches 1, 2-3, 4-7 and 8-10: four GETs of data, four of entries.
                assertThat(counter.dataGets()[0]).as("%s", counter).isEqualTo(4);
                assertThat(counter.total()).as("%s", counter).isEqualTo(8);
            }
            try (LineStore store = open(objects, location)) {
                counter.reset();
                List<String> lines = readInBatches(store, 50_000, 10_000);
                assertThat(lines).hasSize(10_000).startsWith("50000").endsWith("59999");
                long text = lines.stream().mapToLong(line -> line.length() + 1).sum();
                assertThat(counter.dataGets()[0]).as("%s", counter).isEqualTo(2);
                assertThat(counter.dataGets()[1]).as("data bytes against %d of text", text)
                        .isBetween(text, text * 3 / 2);
            }
        }
    }

    /** Reads {@code [first, first + count)} in batches of 4,096 lines. */
    private static List<String> readInBatches(LineStore store, long first, long count) {
        LineBatch batch = new LineBatch();
        List<String> lines = new ArrayList<>();
        for (long at = first; at < first + count; at += 4_096) {
            store.read(at, Math.min(4_096, first + count - at), batch);
            for (int i = 0; i < batch.size(); i++) {
                lines.add(new String(batch.bytes(), batch.start(i), batch.end(i) - batch.start(i),
                        StandardCharsets.UTF_8));
            }
        }
        return lines;
    }

    @Test
    void aPartOfManyGetsKeepsSeveralInFlightAndReadsInOrder(SeaweedFs server) throws IOException {
        RequestCounter counter = new RequestCounter();
        try (S3Objects objects = server.client(temp.resolve("cache"), counter)) {
            ObjectLocation location = push(objects, IndexKind.DENSE);
            // GETs of 16 KiB: each shard of about 230 KB is 15 of them.
            try (LineStore store = S3LineStore.open(objects, new IndexCache(temp.resolve("cache"), 1 << 30), location,
                    null, ReadOptions.of(ReadMethod.AUTO), () -> { }, 16 << 10, S3Settings.DEFAULT_GETS_IN_FLIGHT)) {
                store.read(0, 1);
                counter.reset();
                counter.holdDataGets(500_000_000L);
                List<String> lines = store.read(0, 100_000);

                assertThat(lines).hasSize(100_000).isEqualTo(IntStream.range(0, 100_000).mapToObj(Integer::toString)
                        .toList());
                assertThat(counter.mostDataGetsInFlight()).as("%s", counter).isBetween(2, S3Settings.DEFAULT_GETS_IN_FLIGHT);
                assertThat(counter.get("GetObjectRequest")).as("%s", counter).isGreaterThan(3 * 10);
            }
            // One at a time when the settings say so: each GET waits in vain for another.
            try (LineStore store = S3LineStore.open(objects, new IndexCache(temp.resolve("cache"), 1 << 30), location,
                    null, ReadOptions.of(ReadMethod.AUTO), () -> { }, 16 << 10, 1)) {
                store.read(0, 1);
                counter.reset();
                counter.holdDataGets(50_000_000L);
                assertThat(store.read(0, 20_000)).hasSize(20_000).endsWith("19999");
                assertThat(counter.mostDataGetsInFlight()).as("%s", counter).isEqualTo(1);
            }
        }
    }

    @Test
    void aCompactIndexIsDownloadedOnceForEveryReader(SeaweedFs server) throws IOException {
        RequestCounter counter = new RequestCounter();
        try (S3Objects objects = server.client(temp.resolve("cache"), counter)) {
            ObjectLocation location = push(objects, IndexKind.COMPACT);
            counter.reset();
            try (LineStore store = open(objects, location)) {
                counter.reset();
                assertThat(store.read(99_999, 1)).containsExactly("99999");
                assertThat(counter.total()).as("the index, then the line: %s", counter).isEqualTo(2);
                counter.reset();
                assertThat(store.read(80_001, 1)).containsExactly("80001");
                assertThat(counter.total()).as("same shard, index mapped: %s", counter).isEqualTo(1);
                counter.reset();
                assertThat(store.read(82_000, 10_000)).hasSize(10_000).startsWith("82000").endsWith("91999");
                assertThat(counter.total()).as("10,000 lines, index mapped: %s", counter).isEqualTo(1);
            }
            try (LineStore store = open(objects, location)) {
                counter.reset();
                assertThat(store.read(80_000, 1)).containsExactly("80000");
                assertThat(counter.total()).as("index cached on disk by the first reader: %s", counter).isEqualTo(1);
            }
            assertThat(counter.get("ListObjectsV2Request") + counter.get("ListObjectsRequest")).isZero();
        }
    }

    /**
     * A manifest read before is asked about by one GET (of its first 64 KiB, the whole of a small
     * one; more of a larger one only if its ETag changed) and a changed one is read afresh; within a time to live it is used without a request, so a read of a
     * store whose index is cached costs one GET; a store pushed again meanwhile is then never read as
     * a mix of the two: its reads fail or give the old lines, and verify names the manifest.
     */
    @Test
    void aCachedManifestIsCheckedByAConditionalGetOrUsedWithinItsTimeToLive(SeaweedFs server) throws IOException {
        RequestCounter counter = new RequestCounter();
        try (S3Objects objects = server.client(temp.resolve("cache"), counter)) {
            ObjectLocation location = push(objects, IndexKind.COMPACT);
            try (LineStore store = open(objects, location)) {
                assertThat(store.read(12_345, 1)).containsExactly("12345");
            }
            counter.reset();
            try (LineStore store = open(objects, location)) {
                assertThat(counter.total()).as("the manifest: one GET: %s", counter)
                        .isEqualTo(counter.get("GetObjectRequest")).isEqualTo(1);
                assertThat(store.read(12_345, 1)).containsExactly("12345");
            }

            push(objects, location, "numbers-again.txt", 1_000_000, IndexKind.COMPACT);
            counter.reset();
            try (LineStore store = open(objects, location)) {
                assertThat(counter.get("GetObjectRequest")).as("the manifest changed: %s", counter).isEqualTo(1);
                assertThat(store.read(12_345, 1)).containsExactly("1012345");
            }

            IndexCache lasting = new IndexCache(temp.resolve("cache"), 1 << 30, Duration.ofHours(1));
            counter.reset();
            try (LineStore store = S3LineStore.open(objects, lasting, location, ReadOptions.of(ReadMethod.AUTO),
                    () -> { })) {
                assertThat(counter.total()).as("open within the time to live: %s", counter).isZero();
                assertThat(store.read(12_346, 1)).containsExactly("1012346");
                assertThat(counter.total()).as("the index cached: the line's GET only: %s", counter).isEqualTo(1);
            }

            push(objects, location, "numbers-third.txt", 2_000_000, IndexKind.COMPACT);
            try (LineStore store = S3LineStore.open(objects, lasting, location, ReadOptions.of(ReadMethod.AUTO),
                    () -> { })) {
                assertThat(store.verify().problems()).as("verify reads the bucket's manifest")
                        .anyMatch(problem -> problem.file().endsWith("numbers/manifest.json"));
                List<String> lines;
                try {
                    lines = store.read(12_347, 1);
                } catch (RuntimeException e) {
                    lines = List.of();
                }
                assertThat(lines).as("the cached manifest's store, or nothing").isIn(List.of("1012347"), List.of());
            }
            try (LineStore store = open(objects, location)) {
                assertThat(store.read(12_347, 1)).as("checked again: the new store").containsExactly("2012347");
            }
        }
    }

    /**
     * A manifest larger than the first GET's 64 KiB (a store of 300 shards) is read by two GETs, and
     * by its first 64 KiB alone while its ETag is the one cached.
     */
    @Test
    void aLargeManifestUnchangedIsNotReadPastItsFirstGet(SeaweedFs server) throws IOException {
        RequestCounter counter = new RequestCounter();
        try (S3Objects objects = server.client(temp.resolve("cache"), counter)) {
            Path input = Files.write(temp.resolve("many.txt"),
                    IntStream.range(0, 3_000).mapToObj(Integer::toString).collect(Collectors.toList()));
            Path local = temp.resolve("store-many");
            LineStores.build(input, local, StoreOptions.builder().sharded(10).index(IndexKind.NONE).build());
            ObjectLocation location = new ObjectLocation(SeaweedFs.newBucket(objects), "many");
            new StorePusher(objects, StorePusher.DEFAULT_PART_BYTES).push(local, location);
            counter.reset();
            try (LineStore store = open(objects, location)) {
                assertThat(counter.get("GetObjectRequest")).as("%s", counter).isEqualTo(2);
                assertThat(counter.bytes()).isGreaterThan(S3Objects.WHOLE_AT_ONCE);
                assertThat(store.read(2_995, 10)).containsExactly("2995", "2996", "2997", "2998", "2999");
            }
            counter.reset();
            try (LineStore store = open(objects, location)) {
                assertThat(counter.get("GetObjectRequest")).as("%s", counter).isEqualTo(1);
                assertThat(counter.bytes()).isEqualTo(S3Objects.WHOLE_AT_ONCE);
                assertThat(store.read(1_234, 1)).containsExactly("1234");
            }
        }
    }

    private ObjectLocation push(S3Objects objects, IndexKind index) throws IOException {
        ObjectLocation location = new ObjectLocation(SeaweedFs.newBucket(objects), "numbers");
        push(objects, location, "numbers.txt", 0, index);
        return location;
    }

    /** Pushes a store of 100,000 lines, the numbers from {@code first} on, to a location. */
    private void push(S3Objects objects, ObjectLocation location, String name, int first, IndexKind index)
            throws IOException {
        Path input = Files.write(temp.resolve(name),
                IntStream.range(first, first + 100_000).mapToObj(Integer::toString).collect(Collectors.toList()));
        Path local = temp.resolve("store-" + name + "-" + index.toString().replace(':', '-'));
        LineStores.build(input, local, StoreOptions.builder().sharded(40_000).index(index).build());
        new StorePusher(objects, StorePusher.DEFAULT_PART_BYTES).push(local, location);
    }

    private LineStore open(S3Objects objects, ObjectLocation location) {
        return S3LineStore.open(objects, new IndexCache(temp.resolve("cache"), 1 << 30), location,
                ReadOptions.of(ReadMethod.AUTO), () -> { });
    }
}
