package io.linestore.s3;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.linestore.CorruptStoreException;
import io.linestore.ExistingStore;
import io.linestore.IndexKind;
import io.linestore.Layout;
import io.linestore.LineStore;
import io.linestore.LineStores;
import io.linestore.ReadMethod;
import io.linestore.ReadOptions;
import io.linestore.StoreOptions;
import io.linestore.WriteOptions;
import io.linestore.impl.format.StoreFiles;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Collectors;
import java.util.function.IntFunction;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.model.CompletedPart;
import software.amazon.awssdk.services.s3.model.S3Object;

/**
 * Each fault gives one line naming the resource and what to check, never a stack of SDK text, and a
 * changed object never gives wrong lines: a server stopped in the middle of reads, a stalled server,
 * an endpoint where nothing listens, bad credentials, a missing bucket or key, an object replaced
 * under a reader, swapped with another shard's or cut short before a fresh reader opens the store,
 * an index object overwritten after a reader cached it; an object edited or replaced after the push
 * (the same size and first 4 KiB) is read only after its whole content is checked against the
 * manifest, so it is refused, while a copy of the store with new ETags reads; a reader whose manifest
 * is older than the store's says the store was replaced, never "no such object".
 */
@ExtendWith(SeaweedFs.class)
class S3FaultsIT {

    @TempDir
    Path temp;

    @Test
    void nothingListeningAtTheEndpoint() throws IOException {
        int port;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = socket.getLocalPort();
        }
        S3Settings settings = S3Settings.from(Map.of(S3Settings.ENDPOINT_PROPERTY, "http://127.0.0.1:" + port)::get,
                Map.of());
        try (S3Objects objects = S3Objects.connect(settings, SeaweedFs.credentials(), List.of())) {
            assertThatThrownBy(() -> open(objects, new ObjectLocation("bucket", "store")))
                    .isInstanceOf(S3StoreException.class)
                    .hasMessage("cannot connect to the S3 endpoint http://127.0.0.1:" + port
                            + " (GET s3://bucket/store/manifest.json): is the server running? Check --endpoint or"
                            + " LINESTORE_S3_ENDPOINT");
        }
    }

    @Test
    void badCredentials(SeaweedFs server) {
        try (S3Objects good = server.client(temp);
                S3Objects bad = S3Objects.connect(server.settings(temp),
                        StaticCredentialsProvider.create(AwsBasicCredentials.create("linestore", "wrong")), List.of())) {
            String bucket = SeaweedFs.newBucket(good);
            assertThatThrownBy(() -> open(bad, new ObjectLocation(bucket, "store")))
                    .isInstanceOf(S3StoreException.class)
                    .hasMessageStartingWith(server.endpoint() + " refused GET s3://" + bucket + "/store/manifest.json (")
                    .hasMessageContaining("check the credentials")
                    .hasMessageNotContaining("\n");
        }
    }

    @Test
    void missingBucketAndMissingStore(SeaweedFs server) {
        try (S3Objects objects = server.client(temp)) {
            assertThatThrownBy(() -> open(objects, new ObjectLocation("no-such-bucket-here", "store")))
                    .isInstanceOf(S3StoreException.class)
                    .hasMessage("no such bucket: no-such-bucket-here (at " + server.endpoint() + ")");
            String bucket = SeaweedFs.newBucket(objects);
            assertThatThrownBy(() -> open(objects, new ObjectLocation(bucket, "nothing/here")))
                    .isInstanceOf(S3StoreException.class)
                    .hasMessageStartingWith("no linestore at s3://" + bucket + "/nothing/here: no manifest.json");
        }
    }

    @Test
    void aDataObjectReplacedUnderAReader(SeaweedFs server) throws IOException {
        try (S3Objects objects = server.client(temp.resolve("cache"))) {
            String bucket = SeaweedFs.newBucket(objects);
            ObjectLocation location = pushNumbers(objects, bucket, 1_000);
            try (LineStore store = open(objects, location)) {
                assertThat(store.read(10, 2)).containsExactly("10", "11");
                String dataKey = locate(objects, location).dataKey(0);
                // The same size with other bytes, then another size: neither gives a line.
                String numbers = IntStream.range(0, 1_000).mapToObj(Integer::toString)
                        .collect(Collectors.joining("\n", "", "\n"));
                byte[] same = numbers.replace('1', '7').getBytes(StandardCharsets.UTF_8);
                objects.put(bucket, dataKey, RequestBody.fromBytes(same));
                assertThatThrownBy(() -> store.read(500, 3)).isInstanceOf(CorruptStoreException.class)
                        .hasMessageContaining("changed while the store was open");
                objects.put(bucket, dataKey, RequestBody.fromString("short\n"));
                assertThatThrownBy(() -> store.read(500, 3)).isInstanceOf(CorruptStoreException.class)
                        .hasMessageContaining("changed while the store was open");
            }
            // A new reader pins the new object's ETag; the index no longer matches its bytes.
            try (LineStore store = open(objects, location)) {
                assertThatThrownBy(() -> store.read(500, 3)).isInstanceOf(CorruptStoreException.class);
                assertThat(store.verify().ok()).isFalse();
            }
        }
    }

    @Test
    void aShardObjectSwappedWithAnotherIsRefusedByAFreshReader(SeaweedFs server) throws IOException {
        try (S3Objects objects = server.client(temp.resolve("cache"))) {
            String bucket = SeaweedFs.newBucket(objects);
            // Shards of 100 lines of six digits each: every index entry of one fits the other's bytes.
            ObjectLocation location = pushSharded(objects, bucket, "pushed");
            StoreObjects store = locate(objects, location);
            byte[] shard1 = objects.getIfExists(bucket, store.dataKey(1)).orElseThrow();
            objects.put(bucket, store.dataKey(0), RequestBody.fromBytes(shard1));
            try (LineStore fresh = open(objects, location)) {
                assertThatThrownBy(() -> fresh.read(5, 2)).isInstanceOf(CorruptStoreException.class)
                        .hasMessageContaining(store.dataKey(0))
                        .hasMessageContaining("its content is not shard 0's");
                assertThat(fresh.read(105, 2)).containsExactly("000105", "000106");
            }

            // A store copied to the bucket as files (no objects in its manifest): its heads decide.
            ObjectLocation copied = new ObjectLocation(bucket, "copied");
            Path local = temp.resolve("sharded-dense");
            String data0 = "g1/" + StoreFiles.dataFile(Layout.SHARDED, 0);
            String data1 = "g1/" + StoreFiles.dataFile(Layout.SHARDED, 1);
            for (String file : List.of(data0, data1, "g1/" + StoreFiles.indexFile(Layout.SHARDED, 0),
                    "g1/" + StoreFiles.indexFile(Layout.SHARDED, 1), "manifest.json")) {
                String source = file.equals(data0) ? data1 : file;
                objects.put(bucket, copied.resolve(file), RequestBody.fromFile(local.resolve(source)));
            }
            try (LineStore fresh = open(objects, copied)) {
                assertThat(fresh.read(105, 1)).containsExactly("000105");
                assertThatThrownBy(() -> fresh.read(5, 2)).isInstanceOf(CorruptStoreException.class)
                        .hasMessageContaining("copied/" + data0);
            }
        }
    }

    @Test
    void aCopyOfAPushedObjectWithAnotherETagButTheSameBytesReads(SeaweedFs server) throws IOException {
        try (S3Objects objects = server.client(temp.resolve("cache"))) {
            String bucket = SeaweedFs.newBucket(objects);
            ObjectLocation location = pushSharded(objects, bucket, "pushed");
            StoreObjects store = locate(objects, location);
            byte[] shard0 = objects.getIfExists(bucket, store.dataKey(0)).orElseThrow();
            putWithNewETag(objects, bucket, store.dataKey(0), shard0);
            assertThat(objects.head(bucket, store.dataKey(0)).orElseThrow().eTag()).isNotEqualTo(store.recordedETag(0));
            try (LineStore fresh = open(objects, location)) {
                assertThat(fresh.read(98, 4)).containsExactly("000098", "000099", "000100", "000101");
            }
        }
    }

    /**
     * A pushed data object edited after the push, with the same size and first 4 KiB and another
     * middle (line ends kept, so the index still fits it), is refused by a fresh reader and by one
     * whose index cache holds the shard's whole index, for every index kind.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("indexKinds")
    void anObjectEditedInItsMiddleIsRefusedFreshAndWithAWarmIndexCache(IndexKind index, SeaweedFs server)
            throws IOException {
        try (S3Objects objects = server.client(temp.resolve("cache"))) {
            String bucket = SeaweedFs.newBucket(objects);
            ObjectLocation location = pushDigits(objects, bucket, "pushed", index, S3FaultsIT::digits);
            StoreObjects store = locate(objects, location);
            Path warm = temp.resolve("warm-cache");
            try (LineStore reader = open(objects, location, warm);
                    ShardIndexes indexes = new ShardIndexes(objects, store, new IndexCache(warm, 1 << 30))) {
                assertThat(reader.read(MIDDLE, 1)).containsExactly(digits(MIDDLE));
                // Whole, as a reader caches a dense or sparse index after many scattered reads.
                indexes.index(0);
            }
            byte[] shard0 = objects.getIfExists(bucket, store.dataKey(0)).orElseThrow();
            objects.put(bucket, store.dataKey(0), RequestBody.fromBytes(editedMiddle(shard0)));
            String eTag = objects.head(bucket, store.dataKey(0)).orElseThrow().eTag();
            for (Path cache : List.of(temp.resolve("fresh-cache"), warm)) {
                try (LineStore reader = open(objects, location, cache)) {
                    assertThatThrownBy(() -> reader.read(MIDDLE, 1)).as("%s", cache)
                            .isInstanceOf(CorruptStoreException.class)
                            .hasMessageContaining(store.dataKey(0))
                            .hasMessageContaining(eTag)
                            .hasMessageContaining(store.recordedETag(0))
                            .hasMessageContaining("linestore push STORE s3://" + bucket + "/pushed")
                            .hasMessageNotContaining("\n");
                    assertThat(reader.read(PER_SHARD + MIDDLE, 1)).containsExactly(digits(PER_SHARD + MIDDLE));
                }
            }
            assertThat(verifyProblems(objects, location)).contains(store.dataName(0));
        }
    }

    static List<IndexKind> indexKinds() {
        return List.of(IndexKind.DENSE, IndexKind.compact(4), IndexKind.sparse(16));
    }

    /**
     * A shard of another store spliced in: the same size and first 4 KiB, other lines after. Not one
     * of them is read.
     */
    @Test
    void aShardOfAnotherStoreWithTheSameSizeAndHeadIsRefused(SeaweedFs server) throws IOException {
        try (S3Objects objects = server.client(temp.resolve("cache"))) {
            String bucket = SeaweedFs.newBucket(objects);
            ObjectLocation location = pushDigits(objects, bucket, "pushed", IndexKind.DENSE, S3FaultsIT::digits);
            IntFunction<String> otherLines = i -> i < MIDDLE ? digits(i) : String.format("9%05d", i);
            ObjectLocation other = pushDigits(objects, bucket, "other", IndexKind.DENSE, otherLines);
            StoreObjects store = locate(objects, location);
            byte[] spliced = objects.getIfExists(bucket, locate(objects, other).dataKey(0)).orElseThrow();
            assertThat(spliced.length).isEqualTo(store.manifest().shards().get(0).dataBytes());
            objects.put(bucket, store.dataKey(0), RequestBody.fromBytes(spliced));
            try (LineStore fresh = open(objects, location)) {
                assertThatThrownBy(() -> fresh.read(MIDDLE + 500, 3)).isInstanceOf(CorruptStoreException.class)
                        .hasMessageContaining(store.dataKey(0))
                        .hasMessageContaining("linestore push STORE s3://" + bucket + "/pushed");
                assertThatThrownBy(() -> fresh.read(0, 1)).isInstanceOf(CorruptStoreException.class)
                        .hasMessageContaining(store.dataKey(0));
            }
        }
    }

    /**
     * A copy of a whole store at another prefix, every object with a new ETag (a copy by another
     * tool): its objects' content is checked in full once, then a reader sharing the index cache reads
     * without checking again; an object of the copy edited in its middle is refused.
     */
    @Test
    void aCopyOfTheStoreAtAnotherPrefixReadsAndIsCheckedInFullOnce(SeaweedFs server) throws IOException {
        RequestCounter counter = new RequestCounter();
        try (S3Objects objects = server.client(temp.resolve("cache"), counter)) {
            String bucket = SeaweedFs.newBucket(objects);
            ObjectLocation location = pushDigits(objects, bucket, "pushed", IndexKind.DENSE, S3FaultsIT::digits);
            ObjectLocation copy = new ObjectLocation(bucket, "copy");
            for (S3Object object : objects.client().listObjectsV2(r -> r.bucket(bucket).prefix("pushed/")).contents()) {
                putWithNewETag(objects, bucket, copy.resolve(object.key().substring("pushed/".length())),
                        objects.getIfExists(bucket, object.key()).orElseThrow());
            }
            StoreObjects copied = locate(objects, copy);
            assertThat(objects.head(bucket, copied.dataKey(0)).orElseThrow().eTag())
                    .isNotEqualTo(copied.recordedETag(0));
            long shardBytes = copied.manifest().shards().get(0).dataBytes();
            counter.reset();
            try (LineStore reader = open(objects, copy)) {
                assertThat(reader.read(MIDDLE, 3)).containsExactly(digits(MIDDLE), digits(MIDDLE + 1),
                        digits(MIDDLE + 2));
            }
            assertThat(counter.bytes()).as("the shard's whole object, checked").isGreaterThan(shardBytes);
            counter.reset();
            try (LineStore reader = open(objects, copy)) {
                assertThat(reader.read(MIDDLE, 1)).containsExactly(digits(MIDDLE));
            }
            assertThat(counter.bytes()).as("checked once: the line's GET only").isLessThan(shardBytes / 2);

            byte[] shard1 = objects.getIfExists(bucket, copied.dataKey(1)).orElseThrow();
            putWithNewETag(objects, bucket, copied.dataKey(1), editedMiddle(shard1));
            try (LineStore reader = open(objects, copy)) {
                assertThat(reader.read(5, 1)).containsExactly(digits(5));
                assertThatThrownBy(() -> reader.read(PER_SHARD + MIDDLE, 1)).isInstanceOf(CorruptStoreException.class)
                        .hasMessageContaining(copied.dataKey(1));
            }
        }
    }

    @Test
    void aTruncatedObjectIsRefusedByAFreshReader(SeaweedFs server) throws IOException {
        try (S3Objects objects = server.client(temp.resolve("cache"))) {
            String bucket = SeaweedFs.newBucket(objects);
            ObjectLocation location = pushSharded(objects, bucket, "pushed");
            StoreObjects store = locate(objects, location);
            byte[] shard1 = objects.getIfExists(bucket, store.dataKey(1)).orElseThrow();
            objects.put(bucket, store.dataKey(1), RequestBody.fromBytes(
                    Arrays.copyOf(shard1, shard1.length - 7)));
            try (LineStore fresh = open(objects, location)) {
                assertThatThrownBy(() -> fresh.read(150, 1)).isInstanceOf(CorruptStoreException.class)
                        .hasMessageContaining(store.dataKey(1));
                assertThat(fresh.read(50, 1)).containsExactly("000050");
            }
        }
    }

    /**
     * A reader whose manifest is older than the store's says that the store was replaced and to open
     * it again, never "no such object": one whose manifest was cached within its time to live
     * ({@code LINESTORE_S3_MANIFEST_TTL}) before the store was pushed again, and one open while a push
     * replaced the store. The next open reads the new store.
     */
    @Test
    void aReaderOfAManifestOlderThanTheStoreSaysTheStoreWasReplaced(SeaweedFs server) throws IOException {
        try (S3Objects objects = server.client(temp.resolve("cache"))) {
            String bucket = SeaweedFs.newBucket(objects);
            Path input = Files.write(temp.resolve("numbers.txt"), IntStream.range(0, 250).mapToObj(Integer::toString)
                    .toList());
            Path local = temp.resolve("numbers");
            LineStores.build(input, local, StoreOptions.builder().layout(Layout.SHARDED).linesPerShard(100).build());
            ObjectLocation location = new ObjectLocation(bucket, "numbers");
            StorePusher pusher = new StorePusher(objects, StorePusher.DEFAULT_PART_BYTES);
            pusher.push(local, location);
            String replaced = "the store at s3://" + bucket + "/numbers was replaced since it was opened; open it again";
            try (LineStore cached = openWithinTtl(objects, location)) {
                assertThat(cached.read(249, 2)).containsExactly("249");
            }
            // The last shard's objects are replaced, and the old ones deleted.
            LineStores.append(local, new ByteArrayInputStream("250\n".getBytes(StandardCharsets.UTF_8)));
            pusher.push(local, location);
            try (LineStore stale = openWithinTtl(objects, location)) {
                assertThatThrownBy(() -> stale.read(249, 2)).isInstanceOf(S3StoreException.class)
                        .hasMessage(replaced);
            }
            try (LineStore reopened = openWithinTtl(objects, location)) {
                assertThat(reopened.read(249, 2)).containsExactly("249", "250");
                // Another store replaces it: every object the reader knows is deleted.
                Files.write(input, IntStream.range(0, 250).mapToObj(i -> "n" + i).toList());
                LineStores.build(input, local, StoreOptions.builder().layout(Layout.SHARDED).linesPerShard(100)
                        .build(), WriteOptions.defaults(), ExistingStore.REPLACE);
                pusher.push(local, location);
                assertThatThrownBy(() -> reopened.read(0, 1)).isInstanceOf(S3StoreException.class)
                        .hasMessage(replaced);
            }
            try (LineStore reopened = openWithinTtl(objects, location)) {
                assertThat(reopened.read(0, 1)).containsExactly("n0");
            }
        }
    }

    private LineStore openWithinTtl(S3Objects objects, ObjectLocation location) {
        return S3LineStore.open(objects, new IndexCache(temp.resolve("ttl-cache"), 1 << 30, Duration.ofHours(1)),
                location, ReadOptions.of(ReadMethod.AUTO), () -> { });
    }

    @Test
    void verifyReadsTheBucketsIndexNotTheCachedOne(SeaweedFs server) throws IOException {
        try (S3Objects objects = server.client(temp.resolve("cache"))) {
            String bucket = SeaweedFs.newBucket(objects);
            // A compact index is downloaded whole into the cache by the first reader.
            ObjectLocation location = pushSharded(objects, bucket, "pushed", IndexKind.COMPACT);
            try (LineStore reader = open(objects, location)) {
                assertThat(reader.read(150, 1)).containsExactly("000150");
            }
            StoreObjects store = overwriteIndex(objects, location, 1);
            try (LineStore again = open(objects, location)) {
                assertThat(again.read(150, 1)).as("the cached index is the manifest's").containsExactly("000150");
                assertThat(again.verify().problems()).extracting(p -> p.file()).contains(store.indexName(1));
            }
        }
    }

    @Test
    void anIndexObjectOverwrittenIsRefusedByAReaderThatFetchesItsEntries(SeaweedFs server) throws IOException {
        try (S3Objects objects = server.client(temp.resolve("cache"))) {
            String bucket = SeaweedFs.newBucket(objects);
            ObjectLocation location = pushSharded(objects, bucket, "pushed", IndexKind.DENSE);
            StoreObjects store = overwriteIndex(objects, location, 1);
            try (LineStore fresh = open(objects, location)) {
                assertThat(fresh.read(50, 1)).containsExactly("000050");
                assertThatThrownBy(() -> fresh.read(150, 1)).isInstanceOf(CorruptStoreException.class)
                        .hasMessageContaining(store.indexKey(1));
            }
        }
    }

    /** Overwrites a shard's index object with random bytes of its size. */
    private StoreObjects overwriteIndex(S3Objects objects, ObjectLocation location, int shard) {
        StoreObjects store = locate(objects, location);
        byte[] index = objects.getIfExists(location.bucket(), store.indexKey(shard)).orElseThrow();
        new Random(7).nextBytes(index);
        objects.put(location.bucket(), store.indexKey(shard), RequestBody.fromBytes(index));
        return store;
    }

    /** One server of its own, stalled ({@code SIGSTOP}) then thawed, then stopped, under an open store. */
    @Test
    void aStalledServerFailsAReadWithinTheTimeoutAndAStoppedOneAtOnce() throws IOException {
        try (SeaweedFs own = SeaweedFs.startAnother("stalled");
                S3Objects objects = own.client(temp.resolve("cache"))) {
            String bucket = SeaweedFs.newBucket(objects);
            ObjectLocation location = pushNumbers(objects, bucket, 10_000);
            try (S3Objects impatient = S3Objects.connect(own.settings(temp.resolve("cache"),
                    Map.of("linestore.s3.timeout", "1", "linestore.s3.retries", "1")), SeaweedFs.credentials(),
                    List.of());
                    LineStore store = open(impatient, location)) {
                assertThat(store.read(9_000, 3)).containsExactly("9000", "9001", "9002");
                own.freeze(true);
                try {
                    long started = System.nanoTime();
                    assertThatThrownBy(() -> store.read(900, 1)).isInstanceOf(S3StoreException.class)
                            .hasMessageContaining("did not answer GET s3://" + bucket + "/")
                            .hasMessageContaining("within the timeout");
                    // 2 tries of 1 s and the backoff between them; the old limits took 90 s.
                    assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(10));
                } finally {
                    own.freeze(false);
                }
                assertThat(store.read(900, 1)).as("thawed, it answers again").containsExactly("900");
                own.stop();
                assertThatThrownBy(() -> store.read(100, 3)).isInstanceOf(S3StoreException.class)
                        .hasMessageStartingWith("cannot connect to the S3 endpoint " + own.endpoint());
            }
        }
    }

    /** Lines per shard of {@link #pushDigits}: 14,000 bytes, past the 4 KiB head of each object. */
    private static final int PER_SHARD = 2_000;

    /** A line of shard 0 in the middle of its object, past its first 4 KiB. */
    private static final int MIDDLE = PER_SHARD / 2;

    private static String digits(int line) {
        return String.format("%06d", line);
    }

    /** Pushes a store of two shards of {@value #PER_SHARD} six-digit lines each, made by {@code line}. */
    private ObjectLocation pushDigits(S3Objects objects, String bucket, String prefix, IndexKind index,
            IntFunction<String> line) throws IOException {
        Path input = Files.write(temp.resolve(prefix + ".txt"), IntStream.range(0, 2 * PER_SHARD).mapToObj(line)
                .toList());
        Path local = temp.resolve(prefix + "-" + index.toString().replace(':', '-'));
        LineStores.build(input, local, StoreOptions.builder().layout(Layout.SHARDED).linesPerShard(PER_SHARD)
                .index(index).build());
        ObjectLocation location = new ObjectLocation(bucket, prefix);
        new StorePusher(objects, StorePusher.DEFAULT_PART_BYTES).push(local, location);
        return location;
    }

    /** The bytes with the first digit of the middle line changed: the same size, head and line ends. */
    private static byte[] editedMiddle(byte[] shard) {
        byte[] edited = shard.clone();
        int at = MIDDLE * 7;
        edited[at] = (byte) (edited[at] == '0' ? '1' : '0');
        return edited;
    }

    /** Puts bytes in a multipart upload, whose ETag is not the MD5 of the bytes, as a copy by another tool makes. */
    private static void putWithNewETag(S3Objects objects, String bucket, String key, byte[] bytes) {
        var client = objects.client();
        String upload = client.createMultipartUpload(r -> r.bucket(bucket).key(key)).uploadId();
        String part = client.uploadPart(r -> r.bucket(bucket).key(key).uploadId(upload).partNumber(1),
                RequestBody.fromBytes(bytes)).eTag();
        client.completeMultipartUpload(r -> r.bucket(bucket).key(key).uploadId(upload)
                .multipartUpload(m -> m.parts(CompletedPart.builder().partNumber(1).eTag(part).build())));
    }

    /** The files {@code verify} names problems of. */
    private List<String> verifyProblems(S3Objects objects, ObjectLocation location) {
        try (LineStore store = open(objects, location, temp.resolve("verify-cache"))) {
            return store.verify().problems().stream().map(p -> p.file()).toList();
        }
    }

    private ObjectLocation pushNumbers(S3Objects objects, String bucket, int lines) throws IOException {
        Path input = Files.write(temp.resolve("numbers-" + lines + ".txt"),
                IntStream.range(0, lines).mapToObj(Integer::toString).toList());
        Path local = temp.resolve("store-" + lines);
        LineStores.build(input, local, StoreOptions.defaults());
        ObjectLocation location = new ObjectLocation(bucket, "numbers");
        new StorePusher(objects, StorePusher.DEFAULT_PART_BYTES).push(local, location);
        return location;
    }

    /** Pushes a sharded store of 200 six-digit lines, 100 per shard, dense index. */
    private ObjectLocation pushSharded(S3Objects objects, String bucket, String prefix) throws IOException {
        return pushSharded(objects, bucket, prefix, IndexKind.DENSE);
    }

    /** Pushes a sharded store of 200 six-digit lines, 100 per shard, with the given index. */
    private ObjectLocation pushSharded(S3Objects objects, String bucket, String prefix, IndexKind index)
            throws IOException {
        Path local = temp.resolve("sharded-" + index.toString().replace(':', '-'));
        if (!Files.exists(local)) {
            Path input = Files.write(temp.resolve("six-digits.txt"),
                    IntStream.range(0, 200).mapToObj(i -> String.format("%06d", i)).toList());
            LineStores.build(input, local, StoreOptions.builder().layout(Layout.SHARDED).linesPerShard(100)
                    .index(index).build());
        }
        ObjectLocation location = new ObjectLocation(bucket, prefix);
        new StorePusher(objects, StorePusher.DEFAULT_PART_BYTES).push(local, location);
        return location;
    }

    private LineStore open(S3Objects objects, ObjectLocation location) {
        return open(objects, location, temp.resolve("cache"));
    }

    private LineStore open(S3Objects objects, ObjectLocation location, Path cache) {
        return S3LineStore.open(objects, new IndexCache(cache, 1 << 30), location, ReadOptions.of(ReadMethod.AUTO),
                () -> { });
    }

    /** The store's objects as the bucket's manifest names them now. */
    private StoreObjects locate(ObjectReads objects, ObjectLocation location) {
        return StoreObjects.locate(objects, location, new IndexCache(temp.resolve("manifests"), 1 << 20));
    }
}
