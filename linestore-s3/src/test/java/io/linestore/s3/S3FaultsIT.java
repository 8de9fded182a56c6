package io.linestore.s3;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.linestore.CorruptStoreException;
import io.linestore.IndexKind;
import io.linestore.Layout;
import io.linestore.LineStore;
import io.linestore.LineStores;
import io.linestore.ReadMethod;
import io.linestore.ReadOptions;
import io.linestore.StoreOptions;
import io.linestore.impl.format.StoreFiles;
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
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.model.CompletedPart;

/**
 * Each fault gives one line naming the resource and what to check, never a stack of SDK text, and a
 * changed object never gives wrong lines: a server stopped in the middle of reads, a stalled server,
 * an endpoint where nothing listens, bad credentials, a missing bucket or key, an object replaced
 * under a reader, swapped with another shard's or cut short before a fresh reader opens the store,
 * an index object overwritten after a reader cached it.
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
                        .hasMessageContaining("not those shard 0 was written with");
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
            // A multipart upload's ETag is not the MD5 of the bytes, as a copy by another tool may make.
            String key = store.dataKey(0);
            var client = objects.client();
            String upload = client.createMultipartUpload(r -> r.bucket(bucket).key(key)).uploadId();
            String part = client.uploadPart(r -> r.bucket(bucket).key(key).uploadId(upload).partNumber(1),
                    RequestBody.fromBytes(shard0)).eTag();
            client.completeMultipartUpload(r -> r.bucket(bucket).key(key).uploadId(upload)
                    .multipartUpload(m -> m.parts(CompletedPart.builder().partNumber(1).eTag(part).build())));
            assertThat(objects.head(bucket, store.dataKey(0)).orElseThrow().eTag()).isNotEqualTo(store.recordedETag(0));
            try (LineStore fresh = open(objects, location)) {
                assertThat(fresh.read(98, 4)).containsExactly("000098", "000099", "000100", "000101");
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
        return S3LineStore.open(objects, new IndexCache(temp.resolve("cache"), 1 << 30), location,
                ReadOptions.of(ReadMethod.AUTO), () -> { });
    }

    /** The store's objects as the bucket's manifest names them now. */
    private StoreObjects locate(ObjectReads objects, ObjectLocation location) {
        return StoreObjects.locate(objects, location, new IndexCache(temp.resolve("manifests"), 1 << 20).manifests());
    }
}
