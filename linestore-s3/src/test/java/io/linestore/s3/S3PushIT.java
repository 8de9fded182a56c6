package io.linestore.s3;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.linestore.ExistingStore;
import io.linestore.IndexKind;
import io.linestore.Layout;
import io.linestore.LineStore;
import io.linestore.LineStores;
import io.linestore.ReadMethod;
import io.linestore.ReadOptions;
import io.linestore.StoreOptions;
import io.linestore.WriteOptions;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.s3.model.S3Object;

/**
 * Pushing: a data file larger than the part size goes up in a multipart upload and reads back whole
 * ({@code verify} checks the CRC32C of every byte); pushes are atomic (killed after any request, the
 * prefix reads as the old store or the new), upload only what changed or what the prefix lost or
 * holds changed since, and remove what a replaced store or a killed push left, incomplete multipart
 * uploads included.
 */
@ExtendWith(SeaweedFs.class)
class S3PushIT {

    private static final long PART = 5L << 20;

    @TempDir
    Path temp;

    @Test
    void aLargeFileGoesUpInPartsAndReadsBackWhole(SeaweedFs server) throws IOException {
        Path input = Files.writeString(temp.resolve("big.txt"), IntStream.range(0, 700_000)
                .mapToObj(i -> "line number " + i).collect(Collectors.joining("\n", "", "\n")));
        assertThat(Files.size(input)).isGreaterThan(2 * PART);
        LineStores.build(input, temp.resolve("store"), StoreOptions.defaults());
        RequestCounter counter = new RequestCounter();
        try (S3Objects objects = server.client(temp.resolve("cache"), counter)) {
            String bucket = SeaweedFs.newBucket(objects);
            ObjectLocation location = new ObjectLocation(bucket, "big");
            long pushed = new StorePusher(objects, PART).push(temp.resolve("store"), location);
            assertThat(pushed).isGreaterThan(Files.size(input));
            assertThat(counter.get("UploadPartRequest")).as("%s", counter).isGreaterThanOrEqualTo(3);
            assertThat(counter.get("CompleteMultipartUploadRequest")).isPositive();
            try (LineStore store = open(objects, location)) {
                assertThat(store.read(699_998, 5)).containsExactly("line number 699998", "line number 699999");
                assertThat(store.verify().problems()).isEmpty();
            }
        }
    }

    @Test
    void anotherStoreReplacesTheOneThereAndItsObjectsAreRemoved(SeaweedFs server) throws IOException {
        Path input = Files.writeString(temp.resolve("in.txt"), "a\nb\n");
        LineStores.build(input, temp.resolve("first"), StoreOptions.defaults());
        LineStores.build(input, temp.resolve("second"), StoreOptions.defaults());
        try (S3Objects objects = server.client(temp.resolve("cache"))) {
            String bucket = SeaweedFs.newBucket(objects);
            ObjectLocation location = new ObjectLocation(bucket, "s");
            new StorePusher(objects, PART).push(temp.resolve("first"), location);
            StoreObjects first = locate(objects, location);
            // Another store of the same generation: new objects, then the manifest, then the old ones go.
            new StorePusher(objects, PART).push(temp.resolve("second"), location);
            StoreObjects second = locate(objects, location);
            assertThat(second.manifest().storeId()).isNotEqualTo(first.manifest().storeId());
            assertThat(objects.head(bucket, first.dataKey(0))).isEmpty();
            assertThat(keysBelow(objects, location)).containsExactlyInAnyOrder("s/manifest.json", second.dataKey(0),
                    second.indexKey(0));

            Files.writeString(input, "c\nd\ne\n");
            LineStores.build(input, temp.resolve("second"), StoreOptions.defaults(), WriteOptions.defaults(),
                    ExistingStore.REPLACE);
            new StorePusher(objects, PART).push(temp.resolve("second"), location);
            StoreObjects third = locate(objects, location);
            assertThat(third.dataKey(0)).startsWith("s/g2/p");
            assertThat(keysBelow(objects, location)).containsExactlyInAnyOrder("s/manifest.json", third.dataKey(0),
                    third.indexKey(0));
            try (LineStore store = open(objects, location)) {
                assertThat(store.read(0, 10)).containsExactly("c", "d", "e");
            }
        }
    }

    @Test
    void aPushOfAnUnchangedStoreUploadsNothingAndAnAppendUploadsOnlyWhatChanged(SeaweedFs server)
            throws IOException {
        Path local = shardedStore(250);
        RequestCounter counter = new RequestCounter();
        try (S3Objects objects = server.client(temp.resolve("cache"), counter)) {
            String bucket = SeaweedFs.newBucket(objects);
            ObjectLocation location = new ObjectLocation(bucket, "s");
            new StorePusher(objects, PART).push(local, location);
            StoreObjects before = locate(objects, location);
            counter.reset();
            assertThat(new StorePusher(objects, PART).push(local, location)).isZero();
            assertThat(counter.get("PutObjectRequest")).as("%s", counter).isZero();

            LineStores.append(local, new ByteArrayInputStream("more\n".getBytes(StandardCharsets.UTF_8)));
            counter.reset();
            new StorePusher(objects, PART).push(local, location);
            // Shard 2 (50 lines, now 51) and the manifest; shards 0 and 1 stay as they were.
            assertThat(counter.get("PutObjectRequest")).as("%s", counter).isEqualTo(3);
            StoreObjects after = locate(objects, location);
            assertThat(after.dataKey(0)).isEqualTo(before.dataKey(0));
            assertThat(after.dataKey(2)).isNotEqualTo(before.dataKey(2));
            assertThat(objects.head(bucket, before.dataKey(2))).isEmpty();
            try (LineStore store = open(objects, location)) {
                assertThat(store.read(249, 5)).containsExactly("line 249", "more");
            }
        }
    }

    /** What can happen to a pushed object after the push. */
    enum Damage {
        DATA_DELETED, DATA_TRUNCATED, DATA_SWAPPED_WITH_ANOTHER_SHARDS, DATA_EDITED_AT_THE_SAME_SIZE, INDEX_DELETED,
        INDEX_EDITED_AT_THE_SAME_SIZE
    }

    /**
     * A push of the same store again re-uploads an object that was deleted, cut short, swapped or
     * edited at the same size after the push, and rewrites the manifest: the prefix then reads exactly
     * as the local store, and verify finds nothing; a push after that uploads nothing.
     */
    @ParameterizedTest(name = "{0}")
    @EnumSource(Damage.class)
    void aPushAgainRepairsAnObjectDamagedAfterThePush(Damage damage, SeaweedFs server) throws IOException {
        Path local = shardedStore(250);
        try (S3Objects objects = server.client(temp.resolve("cache"))) {
            String bucket = SeaweedFs.newBucket(objects);
            ObjectLocation location = new ObjectLocation(bucket, "s");
            new StorePusher(objects, PART).push(local, location);
            StoreObjects store = locate(objects, location);
            String data = store.dataKey(1);
            String index = store.indexKey(1);
            switch (damage) {
                case DATA_DELETED -> objects.delete(bucket, data);
                case DATA_TRUNCATED -> {
                    byte[] bytes = objects.getIfExists(bucket, data).orElseThrow();
                    objects.put(bucket, data, RequestBody.fromBytes(Arrays.copyOf(bytes, bytes.length - 9)));
                }
                case DATA_SWAPPED_WITH_ANOTHER_SHARDS -> objects.put(bucket, data,
                        RequestBody.fromBytes(objects.getIfExists(bucket, store.dataKey(0)).orElseThrow()));
                case DATA_EDITED_AT_THE_SAME_SIZE -> objects.put(bucket, data,
                        RequestBody.fromBytes(edited(objects.getIfExists(bucket, data).orElseThrow())));
                case INDEX_DELETED -> objects.delete(bucket, index);
                case INDEX_EDITED_AT_THE_SAME_SIZE -> objects.put(bucket, index,
                        RequestBody.fromBytes(edited(objects.getIfExists(bucket, index).orElseThrow())));
            }
            assertThat(new StorePusher(objects, PART).push(local, location)).as("bytes uploaded again").isPositive();
            try (LineStore expected = LineStores.open(local, ReadMethod.FILE_CHANNEL);
                    LineStore repaired = S3LineStore.open(objects, new IndexCache(temp.resolve("fresh-cache"), 1 << 30),
                            location, ReadOptions.of(ReadMethod.AUTO), () -> { })) {
                assertThat(repaired.read(0, 250)).isEqualTo(expected.read(0, 250));
                assertThat(repaired.verify().problems()).isEmpty();
            }
            assertThat(new StorePusher(objects, PART).push(local, location)).as("repaired: nothing to upload").isZero();
        }
    }

    /** The bytes with the one in their middle changed: the same size. */
    private static byte[] edited(byte[] bytes) {
        byte[] edited = bytes.clone();
        edited[bytes.length / 2] ^= 0x20;
        return edited;
    }

    @Test
    void aPushKilledAtAnyStepLeavesTheOldStoreReadableAndTheNextPushCleansUp(SeaweedFs server) throws IOException {
        Path local = shardedStore(250);
        try (S3Objects objects = server.client(temp.resolve("cache"))) {
            String bucket = SeaweedFs.newBucket(objects);
            ObjectLocation location = new ObjectLocation(bucket, "s");
            new StorePusher(objects, PART).push(local, location);
            List<String> old = readAll(objects, location);
            LineStores.append(local, new ByteArrayInputStream("more\nand more\n".getBytes(StandardCharsets.UTF_8)));
            List<String> appended = new ArrayList<>(old);
            appended.addAll(List.of("more", "and more"));

            boolean pushed = false;
            for (int step = 0; !pushed; step++) {
                assertThat(step).as("the push ends within 50 requests").isLessThan(50);
                KillAfter kill = new KillAfter(step);
                try (S3Objects dying = server.client(temp.resolve("cache"), kill)) {
                    new StorePusher(dying, PART).push(local, location);
                    pushed = !kill.killed();
                } catch (RuntimeException e) {
                    assertThat(kill.killed()).as("failed only where killed: %s", e).isTrue();
                }
                List<String> seen = readAll(objects, location);
                assertThat(seen).as("after %d requests", step).isIn(old, appended);
            }
            assertThat(readAll(objects, location)).isEqualTo(appended);
            StoreObjects store = locate(objects, location);
            List<String> named = new ArrayList<>(List.of("s/manifest.json"));
            for (int k = 0; k < store.manifest().shards().size(); k++) {
                named.add(store.dataKey(k));
                named.add(store.indexKey(k));
            }
            // The killed pushes' objects were removed by the one that finished (written before it began).
            new StorePusher(objects, PART).push(local, location);
            assertThat(keysBelow(objects, location)).containsExactlyInAnyOrderElementsOf(named);
        }
    }

    @Test
    void aMultipartUploadLeftByAKilledPushIsAbortedByTheNext(SeaweedFs server) throws IOException {
        Path input = Files.writeString(temp.resolve("big.txt"), IntStream.range(0, 700_000)
                .mapToObj(i -> "line number " + i).collect(Collectors.joining("\n", "", "\n")));
        LineStores.build(input, temp.resolve("store"), StoreOptions.defaults());
        try (S3Objects objects = server.client(temp.resolve("cache"))) {
            String bucket = SeaweedFs.newBucket(objects);
            ObjectLocation location = new ObjectLocation(bucket, "big");
            // Killed after the manifest GET, the upload listing, the create and one part.
            KillAfter kill = new KillAfter(4);
            try (S3Objects dying = server.client(temp.resolve("cache"), kill)) {
                assertThatThrownBy(() -> new StorePusher(dying, PART).push(temp.resolve("store"), location))
                        .isInstanceOf(RuntimeException.class);
            }
            assertThat(objects.client().listMultipartUploads(r -> r.bucket(bucket).prefix("big/")).uploads())
                    .hasSize(1);
            new StorePusher(objects, PART).push(temp.resolve("store"), location);
            assertThat(objects.client().listMultipartUploads(r -> r.bucket(bucket).prefix("big/")).uploads())
                    .isEmpty();
            try (LineStore store = open(objects, location)) {
                assertThat(store.read(699_999, 1)).containsExactly("line number 699999");
            }
        }
    }

    /** A local sharded store of {@code lines} lines "line N", 100 per shard, dense index. */
    private Path shardedStore(int lines) throws IOException {
        Path input = Files.write(temp.resolve("lines.txt"), IntStream.range(0, lines).mapToObj(i -> "line " + i)
                .toList());
        Path local = temp.resolve("sharded");
        LineStores.build(input, local, StoreOptions.builder().layout(Layout.SHARDED).linesPerShard(100)
                .index(IndexKind.DENSE).build());
        return local;
    }

    private List<String> readAll(S3Objects objects, ObjectLocation location) {
        try (LineStore store = open(objects, location)) {
            return store.read(0, store.lineCount());
        }
    }

    private LineStore open(S3Objects objects, ObjectLocation location) {
        return S3LineStore.open(objects, new IndexCache(temp.resolve("cache"), 1 << 30), location,
                ReadOptions.of(ReadMethod.AUTO), () -> { });
    }

    private static List<String> keysBelow(S3Objects objects, ObjectLocation location) {
        return objects.client().listObjectsV2Paginator(r -> r.bucket(location.bucket()).prefix(location.key() + "/"))
                .contents().stream().map(S3Object::key).toList();
    }

    /** Fails every request after the first {@code allowed}, as a push killed there sends no more. */
    private static final class KillAfter implements ExecutionInterceptor {

        private final int allowed;
        private final AtomicInteger sent = new AtomicInteger();

        KillAfter(int allowed) {
            this.allowed = allowed;
        }

        boolean killed() {
            return sent.get() > allowed;
        }

        @Override
        public void beforeTransmission(Context.BeforeTransmission context, ExecutionAttributes attributes) {
            if (sent.incrementAndGet() > allowed) {
                throw new IllegalStateException("killed after " + allowed + " requests");
            }
        }
    }

    /** The store's objects as the bucket's manifest names them now. */
    private StoreObjects locate(ObjectReads objects, ObjectLocation location) {
        return StoreObjects.locate(objects, location, new IndexCache(temp.resolve("manifests"), 1 << 20));
    }
}
