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
            long indexBytes = Files.size(temp.resolve("store-dense/g1/shards/00000002.idx"));
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
        }
    }

    @Test
    void aRangeReadInBatchesCostsAFewGetsNotOnePerBatch(SeaweedFs server) throws IOException {
        RequestCounter counter = new RequestCounter();
        try (S3Objects objects = server.client(temp.resolve("cache"), counter);
                LineStore store = open(objects, push(objects, IndexKind.DENSE))) {
            counter.reset();
            LineBatch batch = new LineBatch();
            List<String> lines = new ArrayList<>();
            for (long first = 0; first < 40_000; first += 4_096) {
                store.read(first, Math.min(4_096, 40_000 - first), batch);
                for (int i = 0; i < batch.size(); i++) {
                    lines.add(new String(batch.bytes(), batch.start(i), batch.end(i) - batch.start(i),
                            StandardCharsets.UTF_8));
                }
            }
            assertThat(lines).hasSize(40_000).startsWith("0", "1").endsWith("39999");
            // The first batch, then one read ahead of the index and one of the data for the nine others.
            assertThat(counter.total()).as("%s", counter).isEqualTo(4);
        }
    }

    @Test
    void aPartOfManyGetsKeepsSeveralInFlightAndReadsInOrder(SeaweedFs server) throws IOException {
        RequestCounter counter = new RequestCounter();
        try (S3Objects objects = server.client(temp.resolve("cache"), counter)) {
            ObjectLocation location = push(objects, IndexKind.DENSE);
            // GETs of 16 KiB: each shard of about 230 KB is 15 of them.
            try (LineStore store = S3LineStore.open(objects, new IndexCache(temp.resolve("cache"), 1 << 30), location,
                    ReadOptions.of(ReadMethod.AUTO), () -> { }, 16 << 10, S3Settings.DEFAULT_GETS_IN_FLIGHT)) {
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
                    ReadOptions.of(ReadMethod.AUTO), () -> { }, 16 << 10, 1)) {
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
            }
            try (LineStore store = open(objects, location)) {
                counter.reset();
                assertThat(store.read(80_000, 1)).containsExactly("80000");
                assertThat(counter.total()).as("index cached on disk by the first reader: %s", counter).isEqualTo(1);
            }
            assertThat(counter.get("ListObjectsV2Request") + counter.get("ListObjectsRequest")).isZero();
        }
    }

    private ObjectLocation push(S3Objects objects, IndexKind index) throws IOException {
        String bucket = SeaweedFs.newBucket(objects);
        Path input = Files.write(temp.resolve("numbers.txt"),
                IntStream.range(0, 100_000).mapToObj(Integer::toString).collect(Collectors.toList()));
        Path local = temp.resolve("store-" + index.toString().replace(':', '-'));
        LineStores.build(input, local, StoreOptions.builder().sharded(40_000).index(index).build());
        ObjectLocation location = new ObjectLocation(bucket, "numbers");
        new StorePusher(objects, StorePusher.DEFAULT_PART_BYTES).push(local, location);
        return location;
    }

    private LineStore open(S3Objects objects, ObjectLocation location) {
        return S3LineStore.open(objects, new IndexCache(temp.resolve("cache"), 1 << 30), location,
                ReadOptions.of(ReadMethod.AUTO), () -> { });
    }
}
