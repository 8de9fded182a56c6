package io.linestore.s3;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.linestore.CorruptStoreException;
import io.linestore.IndexKind;
import io.linestore.IndexOptions;
import io.linestore.LineStore;
import io.linestore.LineStores;
import io.linestore.Layout;
import io.linestore.ReadMethod;
import io.linestore.ReadOptions;
import io.linestore.StoreOptions;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files on a web server over HTTPS ({@link HttpObjects}), with a certificate the test trusts: a text
 * file indexed locally and served with its sidecar beside it reads like {@code sed -n} for 1,000
 * random ranges (dense and sparse index), a warm one-line read is one GET, a gzip file indexed
 * locally and served with its sidecar reads as from local disk, a store's directory served
 * as files reads like the local store; a file that changed since it was indexed, one replaced while
 * open, and a server that ignores ranges are errors naming the URL, never wrong lines; a stalled
 * server fails within the timeout and retries the read options set; an S3 endpoint over HTTPS is
 * read once the trust store names its certificate.
 */
class HttpsFileIT {

    private static final int LINES = 20_000;

    /** The server's folder and key store, shared by the tests: each serves files of its own names. */
    @TempDir
    static Path shared;

    private static Path served;
    private static RangeServer server;
    private static HttpObjects objects;

    @TempDir
    Path temp;

    @BeforeAll
    static void serve() throws Exception {
        served = Files.createDirectories(shared.resolve("www"));
        server = RangeServer.https(served, shared);
        objects = new HttpObjects("https", Duration.ofSeconds(5), S3Settings.DEFAULT_DEADLINE, 1,
                server.trust().getSocketFactory());
    }

    @AfterEach
    void serveAsAtFirst() {
        server.ignoreRanges(false);
        server.withoutETags(false);
        server.shiftRanges(false);
        server.bucketPaths(false);
    }

    @AfterAll
    static void stop() throws IOException {
        objects.close();
        server.close();
    }

    @Test
    void aFileIndexedLocallyAndServedWithItsSidecarReadsLikeSed() throws Exception {
        // Terminated and without CR, so that sed prints what read prints: each line's bytes and \n.
        byte[] text = new String(TestLines.text(7, LINES, true, false), StandardCharsets.UTF_8).replace("\r", "")
                .getBytes(StandardCharsets.UTF_8);
        List<byte[]> lines = PrintedLines.split(text);
        Path dir = Files.createDirectories(served.resolve("data set"));
        for (IndexKind kind : List.of(IndexKind.DENSE, IndexKind.sparse(64))) {
            Path file = Files.write(dir.resolve("train-" + kind.stride() + ".jsonl"), text);
            LineStores.index(file, IndexOptions.builder().index(kind).build());
            try (LineStore store = open("data%20set/" + file.getFileName())) {
                assertThat(store.lineCount()).isEqualTo(lines.size());
                Random random = new Random(kind.stride());
                for (int i = 0; i < 1_000; i++) {
                    long offset = random.nextInt(lines.size() + 2);
                    long size = random.nextInt(i % 10 == 0 ? 3_000 : 20);
                    byte[] expected = i % 50 == 0 ? PrintedLines.sed(file, offset, size)
                            : PrintedLines.of(lines, offset, size);
                    assertThat(PrintedLines.of(store, offset, size)).as(kind + " read %d %d", offset, size)
                            .isEqualTo(expected);
                }
                int before = server.requests();
                store.read(lines.size() / 2, 1);
                assertThat(server.requests() - before).as("GETs of a warm one-line read").isEqualTo(1);
            }
        }
    }

    @Test
    void carriageReturnsAndAnUnterminatedLastLineReadAsFromLocalDisk() throws IOException {
        Path file = Files.write(served.resolve("log.txt"), TestLines.text(3, 2_000, false, true));
        LineStores.index(file, IndexOptions.builder().index(IndexKind.compact(8)).build());
        try (LineStore local = LineStores.open(file); LineStore remote = open("log.txt")) {
            assertThat(remote.lineCount()).isEqualTo(local.lineCount());
            Random random = new Random(3);
            for (int i = 0; i < 200; i++) {
                long offset = random.nextLong(local.lineCount() + 1);
                long size = random.nextInt(50);
                assertThat(remote.read(offset, size)).as("read %d %d", offset, size).isEqualTo(local.read(offset, size));
            }
            assertThat(remote.read(local.lineCount() - 1, 5)).isEqualTo(local.read(local.lineCount() - 1, 5));
        }
    }

    @Test
    void aGzipFileIndexedLocallyAndServedReadsAsFromLocalDisk() throws IOException {
        byte[] text = TestLines.text(4, 5_000, false, true);
        ByteArrayOutputStream gzip = new ByteArrayOutputStream();
        try (GZIPOutputStream out = new GZIPOutputStream(gzip)) {
            out.write(text);
        }
        Path file = Files.write(served.resolve("events.log.gz"), gzip.toByteArray());
        LineStores.index(file, IndexOptions.builder().index(IndexKind.sparse(16)).spanBytes(1_024).build());
        try (LineStore local = LineStores.open(file); LineStore remote = open("events.log.gz")) {
            assertThat(remote.lineCount()).isEqualTo(local.lineCount());
            Random random = new Random(4);
            for (int i = 0; i < 200; i++) {
                long offset = random.nextLong(local.lineCount() + 1);
                long size = random.nextInt(i % 10 == 0 ? 500 : 20);
                assertThat(remote.read(offset, size)).as("read %d %d", offset, size).isEqualTo(local.read(offset, size));
            }
            remote.read(local.lineCount() / 2, 1);
            int before = server.requests();
            remote.read(local.lineCount() / 3, 2);
            assertThat(server.requests() - before).as("GETs of a warm read").isEqualTo(1);
            assertThat(remote.verify().problems()).isEmpty();
        }
    }

    @Test
    void aStoreDirectoryServedAsFilesReadsLikeTheLocalStore() throws IOException {
        byte[] text = TestLines.text(5, 3_000, true, true);
        Path input = Files.write(temp.resolve("input.txt"), text);
        Path storeDir = Files.createDirectories(served.resolve("stores")).resolve("lines");
        LineStores.build(input, storeDir, StoreOptions.builder().layout(Layout.SHARDED).linesPerShard(700).build());
        try (LineStore local = LineStores.open(storeDir); LineStore remote = open("stores/lines")) {
            assertThat(remote.lineCount()).isEqualTo(local.lineCount());
            for (long offset = 0; offset < local.lineCount(); offset += 613) {
                assertThat(remote.read(offset, 900)).as("read %d 900", offset).isEqualTo(local.read(offset, 900));
            }
            assertThat(remote.verify().problems()).isEmpty();
        }
    }

    @Test
    void aFileChangedSinceIndexedOrWhileOpenIsAnErrorNamingItsUrl() throws IOException {
        byte[] text = TestLines.text(9, 5_000, true, false);
        Path file = Files.write(served.resolve("app.log"), text);
        LineStores.index(file, IndexOptions.defaults());
        try (LineStore store = open("app.log")) {
            assertThat(store.read(0, 2)).hasSize(2);
            byte[] changed = text.clone();
            changed[text.length / 2] ^= 1;
            FileTime time = Files.getLastModifiedTime(file);
            Files.write(file, changed);
            Files.setLastModifiedTime(file, FileTime.fromMillis(time.toMillis() + 5_000));
            assertThatThrownBy(() -> store.read(4_000, 10)).isInstanceOf(CorruptStoreException.class)
                    .hasMessageContaining("app.log").hasMessageContaining("changed");
        }
        assertThatThrownBy(() -> open("app.log").close()).isInstanceOf(S3StoreException.class)
                .hasMessageContaining(server.url() + "/app.log").hasMessageContaining("index it again");
        Files.write(file, Arrays.copyOf(text, text.length - 10));
        assertThatThrownBy(() -> open("app.log").close()).isInstanceOf(S3StoreException.class)
                .hasMessageContaining((text.length - 10) + " bytes, indexed at " + text.length);
    }

    /**
     * A file edited in its middle at the same size, past the first and last 64 KiB whose CRC32C its
     * sidecar records, served with another date than the one indexed: its whole content is checked
     * against the index's, and it is refused on open. Touched but unchanged, it reads.
     */
    @Test
    void aFileEditedInItsMiddleAtTheSameSizeIsRefused() throws IOException {
        byte[] text = TestLines.text(21, LINES, true, false);
        Path file = Files.write(served.resolve("middle.log"), text);
        LineStores.index(file, IndexOptions.defaults());
        long indexed = Files.getLastModifiedTime(file).toMillis();
        Files.setLastModifiedTime(file, FileTime.fromMillis(indexed + 5_000));
        try (LineStore remote = open("middle.log")) {
            assertThat(PrintedLines.of(remote, LINES / 2, 3)).isEqualTo(PrintedLines.of(PrintedLines.split(text),
                    LINES / 2, 3));
        }
        byte[] changed = text.clone();
        int at = text.length / 2;
        while (changed[at] == '\n' || changed[at] == '\r' || changed[at] < 0) {
            at++;
        }
        assertThat(at).isBetween(64 << 10, text.length - (64 << 10));
        changed[at] ^= 1;
        Files.write(file, changed);
        Files.setLastModifiedTime(file, FileTime.fromMillis(indexed + 10_000));
        assertThatThrownBy(() -> open("middle.log").close()).isInstanceOf(S3StoreException.class)
                .hasMessageContaining(server.url() + "/middle.log").hasMessageContaining("index it again")
                .hasMessageNotContaining("\n");
    }

    /**
     * A sidecar manifest read before is asked about with If-None-Match and not sent again while its
     * ETag is unchanged; from a server without ETags it is read whole (its date has whole seconds); a
     * file indexed again is read with its new manifest.
     */
    @Test
    void aManifestReadBeforeIsAskedAboutByItsETagAndReadAgainWhenChanged() throws IOException {
        Path file = Files.writeString(served.resolve("asked.txt"), "one\ntwo\nthree\n");
        LineStores.index(file, IndexOptions.defaults());
        try (LineStore store = open("asked.txt")) {
            assertThat(store.read(1, 1)).containsExactly("two");
        }
        int before = server.notModified();
        try (LineStore store = open("asked.txt")) {
            assertThat(server.notModified() - before).as("the manifest unchanged, by its ETag").isEqualTo(1);
            assertThat(store.read(2, 1)).containsExactly("three");
        }
        server.withoutETags(true);
        try (LineStore store = open("asked.txt")) {
            assertThat(store.read(0, 1)).containsExactly("one");
        }
        before = server.notModified();
        try (LineStore store = open("asked.txt")) {
            assertThat(server.notModified() - before).as("no ETag: read whole").isZero();
            assertThat(store.read(0, 3)).containsExactly("one", "two", "three");
        }
        server.withoutETags(false);
        Files.writeString(file, "uno\ndos\ntres\ncuatro\n");
        LineStores.index(file, IndexOptions.defaults());
        before = server.notModified();
        try (LineStore store = open("asked.txt")) {
            assertThat(server.notModified() - before).as("the manifest changed").isZero();
            assertThat(store.read(3, 1)).containsExactly("cuatro");
        }
    }

    /**
     * A presigned URL whose index lies in a local folder: the server is asked for the file's bytes
     * only, and the lines are the file's; an index of another file is refused naming the URL, and a
     * local file opened with an index elsewhere is refused.
     */
    @Test
    void aSignedUrlWithItsIndexInALocalFolderAsksTheServerForTheFileOnly() throws IOException {
        Path file = Files.writeString(served.resolve("signed.txt"), "alpha\nbeta\ngamma\ndelta\n");
        LineStores.index(file, IndexOptions.defaults());
        Path index = Files.move(served.resolve("signed.txt.lsidx"), temp.resolve("signed.txt.lsidx"));
        ObjectLocation signed = ObjectLocation.of(URI.create(server.url() + "/signed.txt?X-Amz-Signature=0a1b"), true);
        int before = server.requests();
        try (LineStore store = openSigned(signed, index)) {
            assertThat(store.read(1, 2)).containsExactly("beta", "gamma");
            assertThat(server.requests() - before).as("the file's head and tail checked, then the lines")
                    .isEqualTo(2);
        }
        assertThatThrownBy(() -> ObjectLocation.of(URI.create(server.url() + "/signed.txt?X-Amz-Signature=0a1b")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("--index");

        Path other = Files.writeString(temp.resolve("signed.txt"), "alpha\nbeta\ngamma\ndelt!\n");
        LineStores.index(other, IndexOptions.defaults());
        assertThatThrownBy(() -> openSigned(signed, temp.resolve("signed.txt.lsidx")).close())
                .isInstanceOf(S3StoreException.class).hasMessageContaining(server.url() + "/signed.txt")
                .hasMessageContaining("is not the file its index");
        assertThatThrownBy(() -> LineStores.open(file, ReadOptions.builder().sidecarIndex(index.toUri()).build()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("is for files on web servers");
    }

    private LineStore openSigned(ObjectLocation signed, Path index) {
        return S3LineStore.open(new LocalSidecarObjects(objects), new IndexCache(temp.resolve("cache"), 1 << 30),
                signed, ObjectLocation.local(index), ReadOptions.of(ReadMethod.AUTO), () -> { },
                S3Settings.DEFAULT_GET_BYTES, S3Settings.DEFAULT_GETS_IN_FLIGHT);
    }

    @Test
    void aServerThatIgnoresRangesIsRefusedInOneLine() throws IOException {
        Path file = Files.write(served.resolve("plain.txt"), TestLines.text(1, 100, true, false));
        LineStores.index(file, IndexOptions.defaults());
        server.ignoreRanges(true);
        // The open's first GET asks for the whole (small) file: a 200 holds just that. A later range does not.
        try (LineStore store = open("plain.txt")) {
            assertThatThrownBy(() -> store.read(50, 1)).isInstanceOf(S3StoreException.class)
                    .hasMessageContaining(server.url() + "/plain.txt")
                    .hasMessageContaining("does not answer range requests").hasMessageNotContaining("\n");
        }
    }

    @Test
    void fromAServerWithoutETagsAFileChangedWhileOpenIsSeenByItsDate() throws IOException {
        byte[] text = TestLines.text(13, 3_000, true, false);
        Path file = Files.write(served.resolve("dated.log"), text);
        LineStores.index(file, IndexOptions.defaults());
        server.withoutETags(true);
        try (LineStore store = open("dated.log")) {
            List<String> before = store.read(2_000, 5);
            // The same size, the same line ends: only the file's date tells the new version apart.
            byte[] changed = text.clone();
            int inLine = text.length - 1;
            while (changed[inLine] == '\n' || changed[inLine] == '\r') {
                inLine--;
            }
            changed[inLine] ^= 1;
            FileTime time = Files.getLastModifiedTime(file);
            Files.write(file, changed);
            Files.setLastModifiedTime(file, FileTime.fromMillis(time.toMillis() + 5_000));
            assertThatThrownBy(() -> store.read(100, 5)).isInstanceOf(CorruptStoreException.class)
                    .hasMessageContaining("dated.log").hasMessageContaining("changed");
            assertThat(before).hasSize(5);
        }
    }

    @Test
    void anAnswerOfAnotherRangeThanAskedIsRefused() throws IOException {
        Path file = Files.write(served.resolve("shifted.txt"), TestLines.text(21, 500, true, false));
        LineStores.index(file, IndexOptions.defaults());
        try (LineStore store = open("shifted.txt")) {
            server.shiftRanges(true);
            assertThatThrownBy(() -> store.read(300, 2)).isInstanceOf(S3StoreException.class)
                    .hasMessageContaining(server.url() + "/shifted.txt").hasMessageContaining("the server answered bytes");
        }
    }

    /**
     * An S3 endpoint over HTTPS whose certificate a private authority signed: refused in one line
     * until {@code javax.net.ssl.trustStore} names it, as a user's {@code LINESTORE_JAVA_OPTS} does;
     * then read like the local store. The server here stands in for S3 (a store copied to its bucket
     * as files; requests not authenticated).
     */
    @Test
    void anS3EndpointOverHttpsIsReadOnceTheTrustStoreNamesItsCertificate() throws IOException {
        Path input = Files.write(temp.resolve("s3-input.txt"), TestLines.text(19, 2_000, true, true));
        Path storeDir = Files.createDirectories(served.resolve("s3")).resolve("store");
        LineStores.build(input, storeDir, StoreOptions.builder().layout(Layout.SHARDED).linesPerShard(600).build());
        server.bucketPaths(true);
        ObjectLocation location = new ObjectLocation("any-bucket", "s3/store");
        S3Settings settings = new S3Settings(Optional.of(server.endpoint()), "us-east-1", true, temp.resolve("cache"),
                1L << 30, Duration.ofSeconds(5), 0);
        IndexCache cache = new IndexCache(temp.resolve("cache"), 1L << 30);
        try (S3Objects untrusted = S3Objects.connect(settings, SeaweedFs.credentials(), List.of())) {
            assertThatThrownBy(() -> S3LineStore.open(untrusted, cache, location, ReadOptions.of(ReadMethod.AUTO),
                    () -> { }).close()).isInstanceOf(S3StoreException.class)
                    .hasMessageContaining("TLS with the S3 endpoint " + server.url())
                    .hasMessageContaining("javax.net.ssl.trustStore").hasMessageNotContaining("\n");
        }
        Map<String, String> trustStore = Map.of("javax.net.ssl.trustStore", server.keyStore().toString(),
                "javax.net.ssl.trustStorePassword", RangeServer.PASSWORD, "javax.net.ssl.trustStoreType", "PKCS12");
        trustStore.forEach(System::setProperty);
        try (S3Objects trusted = S3Objects.connect(settings, SeaweedFs.credentials(), List.of());
                LineStore local = LineStores.open(storeDir);
                LineStore remote = S3LineStore.open(trusted, cache, location, ReadOptions.of(ReadMethod.AUTO),
                        () -> { })) {
            assertThat(remote.lineCount()).isEqualTo(local.lineCount());
            for (long offset = 0; offset < local.lineCount(); offset += 377) {
                assertThat(remote.read(offset, 700)).as("read %d 700", offset).isEqualTo(local.read(offset, 700));
            }
        } finally {
            trustStore.keySet().forEach(System::clearProperty);
        }
    }

    @Test
    void aMissingFileOrIndexSaysWhichAndHowToMakeTheIndex() throws IOException {
        Files.write(served.resolve("unindexed.txt"), TestLines.text(1, 10, true, false));
        assertThatThrownBy(() -> open("unindexed.txt").close()).isInstanceOf(S3StoreException.class)
                .hasMessageContaining("no linestore at " + server.url() + "/unindexed.txt")
                .hasMessageContaining("unindexed.txt.lsidx/");
    }

    @Test
    void aStalledServerFailsTheOpenWithinTheTimeoutAndRetriesTheReadOptionsSet() throws Exception {
        List<Socket> accepted = new CopyOnWriteArrayList<>();
        try (ServerSocket stalled = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Thread.ofVirtual().start(() -> {
                while (!stalled.isClosed()) {
                    try {
                        accepted.add(stalled.accept());
                    } catch (IOException e) {
                        return;
                    }
                }
            });
            ReadOptions options = ReadOptions.builder().remoteTimeout(Duration.ofMillis(400)).remoteRetries(1).build();
            URI url = URI.create("http://127.0.0.1:" + stalled.getLocalPort() + "/app.log");
            long started = System.nanoTime();
            assertThatThrownBy(() -> LineStores.open(url, options).close()).isInstanceOf(S3StoreException.class)
                    .hasMessageContaining("did not answer GET " + url.resolve("/app.log/manifest.json"))
                    .hasMessageContaining("within the timeout");
            // Two tries of 0.4 s and a backoff, far below the default of three tries of 4 s.
            assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(3));
            assertThat(accepted).as("connections: the first try and one retry").hasSize(2);
        } finally {
            for (Socket socket : accepted) {
                socket.close();
            }
        }
    }

    private LineStore open(String path) {
        ObjectLocation location = ObjectLocation.of(URI.create(server.url() + "/" + path));
        return S3LineStore.open(objects, new IndexCache(temp.resolve("cache"), 1 << 30), location,
                ReadOptions.of(ReadMethod.AUTO), () -> { });
    }
}
