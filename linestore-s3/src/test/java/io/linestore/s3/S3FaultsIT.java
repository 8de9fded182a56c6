package io.linestore.s3;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.linestore.CorruptStoreException;
import io.linestore.LineStore;
import io.linestore.LineStores;
import io.linestore.ReadMethod;
import io.linestore.ReadOptions;
import io.linestore.StoreOptions;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.sync.RequestBody;

/**
 * Each fault gives one line naming the resource and what to check, never a stack of SDK text, and a
 * changed object never gives wrong lines: a server stopped in the middle of reads, an endpoint where
 * nothing listens, bad credentials, a missing bucket or key, an object replaced under a reader.
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
            assertThatThrownBy(() -> open(objects, new S3Location("bucket", "store")))
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
            assertThatThrownBy(() -> open(bad, new S3Location(bucket, "store")))
                    .isInstanceOf(S3StoreException.class)
                    .hasMessageStartingWith(server.endpoint() + " refused GET s3://" + bucket + "/store/manifest.json (")
                    .hasMessageContaining("check the credentials")
                    .hasMessageNotContaining("\n");
        }
    }

    @Test
    void missingBucketAndMissingStore(SeaweedFs server) {
        try (S3Objects objects = server.client(temp)) {
            assertThatThrownBy(() -> open(objects, new S3Location("no-such-bucket-here", "store")))
                    .isInstanceOf(S3StoreException.class)
                    .hasMessage("no such bucket: no-such-bucket-here (at " + server.endpoint() + ")");
            String bucket = SeaweedFs.newBucket(objects);
            assertThatThrownBy(() -> open(objects, new S3Location(bucket, "nothing/here")))
                    .isInstanceOf(S3StoreException.class)
                    .hasMessageStartingWith("no linestore at s3://" + bucket + "/nothing/here: no manifest.json");
        }
    }

    @Test
    void aDataObjectReplacedUnderAReader(SeaweedFs server) throws IOException {
        try (S3Objects objects = server.client(temp.resolve("cache"))) {
            String bucket = SeaweedFs.newBucket(objects);
            S3Location location = pushNumbers(objects, bucket, 1_000);
            try (LineStore store = open(objects, location)) {
                assertThat(store.read(10, 2)).containsExactly("10", "11");
                String dataKey = location.resolve("g1/data.lines");
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
    void serverStoppedInTheMiddleOfReads() throws IOException {
        try (SeaweedFs own = SeaweedFs.startAnother("stopped");
                S3Objects objects = own.client(temp.resolve("cache"))) {
            String bucket = SeaweedFs.newBucket(objects);
            S3Location location = pushNumbers(objects, bucket, 10_000);
            try (LineStore store = open(objects, location)) {
                assertThat(store.read(9_000, 3)).containsExactly("9000", "9001", "9002");
                own.stop();
                assertThatThrownBy(() -> store.read(100, 3)).isInstanceOf(S3StoreException.class)
                        .hasMessageStartingWith("cannot connect to the S3 endpoint " + own.endpoint());
            }
        }
    }

    private S3Location pushNumbers(S3Objects objects, String bucket, int lines) throws IOException {
        Path input = Files.write(temp.resolve("numbers-" + lines + ".txt"),
                IntStream.range(0, lines).mapToObj(Integer::toString).toList());
        Path local = temp.resolve("store-" + lines);
        LineStores.build(input, local, StoreOptions.defaults());
        S3Location location = new S3Location(bucket, "numbers");
        new StorePusher(objects, StorePusher.DEFAULT_PART_BYTES).push(local, location);
        return location;
    }

    private LineStore open(S3Objects objects, S3Location location) {
        return S3LineStore.open(objects, new IndexCache(temp.resolve("cache"), 1 << 30), location,
                ReadOptions.of(ReadMethod.AUTO), () -> { });
    }
}
