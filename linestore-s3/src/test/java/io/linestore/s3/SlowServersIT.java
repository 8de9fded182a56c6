package io.linestore.s3;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.linestore.IndexOptions;
import io.linestore.LineStore;
import io.linestore.LineStores;
import io.linestore.ReadMethod;
import io.linestore.ReadOptions;
import io.linestore.StoreOptions;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;

/**
 * Servers that are slow or break off, with limits of a second set through the settings: a server
 * that trickles its answers fails a read of an {@code http://} file and of an {@code s3://} store
 * within the deadline, in one line naming the URL; an answer cut in the middle is read again from
 * {@code s3://} as from a web server, and one cut on every try fails naming the object and what
 * broke; an upload the server stops taking fails a push, as one PUT and
 * as a multipart upload's part, within the write timeout, naming the object. Each must end well
 * within {@link #GENEROUS} (a few seconds are expected), where the reads and pushes without these
 * limits took hours.
 */
@ExtendWith(SeaweedFs.class)
class SlowServersIT {

    /** Far more than the tries and backoff the settings of these tests allow, far less than hours. */
    private static final Duration GENEROUS = Duration.ofSeconds(30);

    @TempDir
    Path temp;

    @Test
    void aServerThatTricklesItsAnswerFailsAnHttpReadWithinTheDeadlineNamingTheUrl() throws Throwable {
        Path www = Files.createDirectories(temp.resolve("www"));
        Path file = Files.write(www.resolve("app.log"), TestLines.text(5, 2_000, true, false));
        LineStores.index(file, IndexOptions.defaults());
        try (RangeServer server = RangeServer.http(www)) {
            URI url = URI.create(server.url() + "/app.log");
            withProperties(Map.of("linestore.s3.deadline", "1"), () -> {
                try (LineStore local = LineStores.open(file);
                        LineStore remote = LineStores.open(url, ReadOptions.builder().remoteRetries(1).build())) {
                    assertThat(remote.read(1_000, 20)).isEqualTo(local.read(1_000, 20));
                    assertTrickledReadFails(server, remote, "GET " + url);
                }
            });
        }
    }

    @Test
    void aServerThatTricklesItsAnswerFailsAnS3ReadWithinTheDeadlineNamingTheObject() throws Throwable {
        Path www = servedStore();
        try (RangeServer server = RangeServer.http(www).bucketPaths(true);
                S3Objects objects = S3Objects.connect(settings(server.endpoint(), Map.of("linestore.s3.deadline", "1",
                        "linestore.s3.retries", "1")), SeaweedFs.credentials(), List.of());
                LineStore local = LineStores.open(www.resolve("store"));
                LineStore remote = openS3(objects)) {
            assertThat(remote.read(700, 20)).isEqualTo(local.read(700, 20));
            assertTrickledReadFails(server, remote, "GET s3://any-bucket/store/");
        }
    }

    @Test
    void anAnswerCutInTheMiddleIsReadAgainFromS3AsFromAWebServer() throws Throwable {
        Path www = servedStore();
        try (RangeServer server = RangeServer.http(www).bucketPaths(true);
                S3Objects objects = S3Objects.connect(settings(server.endpoint(), Map.of()), SeaweedFs.credentials(),
                        List.of());
                LineStore local = LineStores.open(www.resolve("store"))) {
            List<String> expected = local.read(500, 40);
            URI url = URI.create(server.url() + "/any-bucket/store");
            withProperties(Map.of(), () -> {
                for (Callable<LineStore> remote : List.<Callable<LineStore>>of(() -> openS3(objects),
                        () -> LineStores.open(url))) {
                    // A first reader fills the index cache; the next two read alike, but for the cut.
                    requestsOfARead(remote, server, false, expected);
                    int whole = requestsOfARead(remote, server, false, expected);
                    assertThat(requestsOfARead(remote, server, true, expected))
                            .as("requests of a read with an answer cut: one more").isEqualTo(whole + 1);
                }
            });
        }
    }

    @Test
    void anAnswerCutOnEveryTryFailsTheReadNamingTheObjectAndWhatBroke() throws Throwable {
        Path www = servedStore();
        try (RangeServer server = RangeServer.http(www).bucketPaths(true);
                S3Objects objects = S3Objects.connect(settings(server.endpoint(), Map.of()), SeaweedFs.credentials(),
                        List.of())) {
            URI url = URI.create(server.url() + "/any-bucket/store");
            withProperties(Map.of(), () -> {
                try (LineStore s3 = openS3(objects); LineStore http = LineStores.open(url)) {
                    for (LineStore remote : List.of(s3, http)) {
                        remote.read(500, 40);
                        // The first try and the 2 retries of the default settings.
                        server.cutBodies(3);
                        assertThatThrownBy(() -> remote.read(1_500, 40)).as("%s", remote)
                                .isInstanceOf(S3StoreException.class)
                                .hasMessageContaining("/store/")
                                .hasMessageContaining("Premature EOF")
                                .hasMessageNotContaining("\n");
                        server.cutBodies(0);
                    }
                }
            });
        }
    }

    /** Opens a store, reads lines 500 to 539 with the next answer cut or not, and counts the requests. */
    private static int requestsOfARead(Callable<LineStore> open, RangeServer server, boolean cut,
            List<String> expected) throws Exception {
        try (LineStore store = open.call()) {
            int before = server.requests();
            if (cut) {
                server.cutBodies(1);
            }
            assertThat(store.read(500, 40)).isEqualTo(expected);
            return server.requests() - before;
        }
    }

    @Test
    void anUploadTheServerStopsTakingFailsThePushWithinTheWriteTimeoutNamingTheObject(SeaweedFs server)
            throws Throwable {
        // 20 MiB of data: more than the client's send buffer and the proxy's window hold, so writes block.
        Path input = Files.write(temp.resolve("numbers.txt"),
                IntStream.range(0, 2_400_000).mapToObj(i -> String.format("%07d", i)).toList());
        Path local = temp.resolve("store");
        LineStores.build(input, local, StoreOptions.defaults());
        try (S3Objects direct = server.client(temp.resolve("cache"));
                StallingProxy proxy = new StallingProxy(server.endpoint(), 1 << 20);
                S3Objects stalled = S3Objects.connect(settings(proxy.endpoint(), Map.of("linestore.s3.writeTimeout",
                        "1", "linestore.s3.retries", "1")), SeaweedFs.credentials(), List.of())) {
            String bucket = SeaweedFs.newBucket(direct);
            // One PUT of the data, then a multipart upload of it in parts of 8 MiB.
            for (long partBytes : new long[] {StorePusher.DEFAULT_PART_BYTES, 8 << 20}) {
                ObjectLocation target = new ObjectLocation(bucket, "numbers-" + partBytes);
                int before = proxy.stalled();
                assertTimeoutPreemptively(GENEROUS, () -> assertThatThrownBy(() ->
                        new StorePusher(stalled, partBytes).push(local, target))
                        .isInstanceOf(S3StoreException.class)
                        .hasMessageContaining("s3://" + bucket + "/" + target.key() + "/")
                        .hasMessageContaining("for 1 s")
                        .hasMessageContaining("LINESTORE_S3_WRITE_TIMEOUT")
                        .hasMessageNotContaining("\n"));
                assertThat(proxy.stalled() - before).as("uploads stalled: the first try and one retry").isEqualTo(2);
                assertThat(direct.getIfExists(bucket, target.resolve("manifest.json"))).as("nothing committed")
                        .isEmpty();
            }
        }
    }

    /** A store of 2,000 lines in {@code www/store}, to serve as an S3 bucket's files. */
    private Path servedStore() throws IOException {
        Path www = Files.createDirectories(temp.resolve("www"));
        Path input = Files.write(temp.resolve("input.txt"), TestLines.text(9, 2_000, true, false));
        LineStores.build(input, www.resolve("store"), StoreOptions.defaults());
        return www;
    }

    private S3Settings settings(URI endpoint, Map<String, String> more) {
        Map<String, String> properties = new HashMap<>(more);
        properties.put(S3Settings.ENDPOINT_PROPERTY, endpoint.toString());
        properties.put("linestore.s3.cache", temp.resolve("cache").toString());
        return S3Settings.from(properties::get, Map.of());
    }

    /** The store served below {@code any-bucket/store}, read as an S3 store copied there as files. */
    private LineStore openS3(S3Objects objects) {
        return S3LineStore.open(objects, new IndexCache(temp.resolve("cache"), 1 << 30),
                new ObjectLocation("any-bucket", "store"), ReadOptions.of(ReadMethod.AUTO), () -> { });
    }

    /**
     * Runs with the given system properties set, and the index cache in this test's folder: stores
     * opened by URL read their settings from the process.
     */
    private void withProperties(Map<String, String> properties, Executable run) throws Throwable {
        Map<String, String> set = new HashMap<>(properties);
        set.put("linestore.s3.cache", temp.resolve("cache").toString());
        set.forEach(System::setProperty);
        try {
            run.execute();
        } finally {
            set.keySet().forEach(System::clearProperty);
        }
    }

    /**
     * With the server trickling its answers, a read fails within the deadline of 1 s per try, in one
     * line naming the request and the setting.
     */
    private static void assertTrickledReadFails(RangeServer server, LineStore remote, String request) {
        server.trickle(true);
        try {
            assertTimeoutPreemptively(GENEROUS, () -> assertThatThrownBy(() -> remote.read(100, 20))
                    .isInstanceOf(S3StoreException.class)
                    .hasMessageContaining(request)
                    .hasMessageContaining("deadline of 1 s")
                    .hasMessageContaining("LINESTORE_S3_DEADLINE")
                    .hasMessageNotContaining("\n"));
        } finally {
            // A read left behind by a timed-out assertion ends, so that the store closes.
            server.trickle(false);
        }
    }
}
