package io.linestore.s3;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.luben.zstd.Zstd;
import io.linestore.CorruptStoreException;
import io.linestore.IndexKind;
import io.linestore.IndexOptions;
import io.linestore.IndexSummary;
import io.linestore.LineStore;
import io.linestore.ReadMethod;
import io.linestore.ReadOptions;
import io.linestore.UnsupportedFormatException;
import io.linestore.impl.format.StoreFiles;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.core.sync.RequestBody;

/**
 * A gzip or multi-frame zstd object indexed in place ({@code index s3://bucket/logs.gz}): one GET
 * streams it while its checkpoints and line index are written beside it; then every read way returns
 * the text's lines (CRLF, an unterminated last line, several members with an empty one among them,
 * stored and compressed deflate blocks, checkpoints every few hundred bytes so that reads start at
 * many of them), a warm read costs one ranged GET, and {@code verify} finds nothing. A truncated
 * object is refused naming it and the byte, with no index written; a zstd object with a frame too
 * large to decode per read is refused in one line; a damaged checkpoint table is an error naming
 * it, never other lines.
 */
@ExtendWith(SeaweedFs.class)
class S3CompressedInPlaceIT {

    /** Checkpoints every 512 bytes of text: a read starts at one of hundreds. */
    private static final IndexOptions SMALL_SPANS = IndexOptions.builder().index(IndexKind.sparse(7)).spanBytes(512)
            .build();

    @TempDir
    Path temp;

    @Test
    void aGzipObjectOfSeveralMembersReadsItsLinesEveryWay(SeaweedFs server) {
        for (long seed = 1; seed <= 3; seed++) {
            SplittableRandom random = new SplittableRandom(seed);
            byte[] text = TestLines.text(seed, 6_000, seed != 2, true);
            readsEveryWay(server, "logs-" + seed + ".gz", gzipMembers(text, random), text, random);
        }
    }

    @Test
    void aZstdObjectOfSeveralFramesReadsItsLinesEveryWay(SeaweedFs server) {
        SplittableRandom random = new SplittableRandom(7);
        byte[] text = TestLines.text(7, 6_000, false, true);
        ByteArrayOutputStream frames = new ByteArrayOutputStream();
        for (int from = 0; from < text.length; ) {
            int to = Math.min(text.length, from + random.nextInt(200, 4_000));
            frames.writeBytes(Zstd.compress(Arrays.copyOfRange(text, from, to), 3));
            from = to;
        }
        readsEveryWay(server, "logs.jsonl.zst", frames.toByteArray(), text, random);
    }

    private void readsEveryWay(SeaweedFs server, String key, byte[] compressed, byte[] text, SplittableRandom random) {
        RequestCounter counter = new RequestCounter();
        List<String> lines = lines(text);
        try (S3Objects objects = server.client(temp.resolve("cache"), counter)) {
            String bucket = SeaweedFs.newBucket(objects);
            ObjectLocation object = new ObjectLocation(bucket, key);
            objects.put(bucket, key, RequestBody.fromBytes(compressed));
            counter.reset();
            IndexSummary summary = new ObjectIndexer(objects).index(object, SMALL_SPANS);
            assertThat(counter.get("GetObjectRequest")).as("%s: the old manifest asked for, then one GET of the object: %s",
                    key, counter).isEqualTo(2);
            assertThat(summary.lineCount()).as(key).isEqualTo(lines.size());
            assertThat(summary.indexedBytes()).isEqualTo(compressed.length);
            IndexCache cache = new IndexCache(temp.resolve("cache-" + key), 1 << 30);
            for (ReadMethod method : ReadMethod.values()) {
                try (LineStore store = S3LineStore.open(objects, cache, object, ReadOptions.of(method), () -> { })) {
                    assertThat(store.lineCount()).isEqualTo(lines.size());
                    for (int read = 0; read < 60; read++) {
                        int offset = random.nextInt(lines.size() + 2);
                        int size = random.nextInt(read % 10 == 0 ? 700 : 12);
                        assertThat(store.read(offset, size)).as("%s %s read %d %d", key, method, offset, size)
                                .isEqualTo(lines.subList(Math.min(offset, lines.size()),
                                        Math.min(lines.size(), offset + size)));
                    }
                    store.read(lines.size() / 2, 1);
                    counter.reset();
                    int offset = random.nextInt(lines.size() - 3);
                    assertThat(store.read(offset, 3)).isEqualTo(lines.subList(offset, offset + 3));
                    assertThat(counter.total()).as("%s warm read: one ranged GET: %s", key, counter).isLessThanOrEqualTo(1);
                    assertThat(store.verify().problems()).as(key).isEmpty();
                }
            }
        }
    }

    @Test
    void aTruncatedGzipObjectIsRefusedNamingItAndNoIndexIsWritten(SeaweedFs server) {
        byte[] text = TestLines.text(3, 2_000, true, false);
        byte[] whole = gzipMembers(text, new SplittableRandom(3));
        try (S3Objects objects = server.client(temp.resolve("cache"))) {
            String bucket = SeaweedFs.newBucket(objects);
            ObjectLocation object = new ObjectLocation(bucket, "cut.gz");
            objects.put(bucket, object.key(), RequestBody.fromBytes(Arrays.copyOf(whole, whole.length - 100)));
            assertThatThrownBy(() -> new ObjectIndexer(objects).index(object, SMALL_SPANS))
                    .isInstanceOf(UncheckedIOException.class).hasMessageContaining("s3://" + bucket + "/cut.gz")
                    .hasMessageContaining("byte " + (whole.length - 100));
            ObjectLocation sidecar = object.withSuffix(StoreFiles.SIDECAR_SUFFIX);
            assertThat(objects.getIfExists(bucket, sidecar.resolve(StoreFiles.MANIFEST))).isEmpty();
        }
    }

    @Test
    void aZstdObjectWhoseFrameHoldsMoreThanAReadMayDecodeIsRefusedInOneLine(SeaweedFs server) {
        byte[] text = "a line\n".repeat(2_500_000).getBytes(StandardCharsets.US_ASCII);
        try (S3Objects objects = server.client(temp.resolve("cache"))) {
            String bucket = SeaweedFs.newBucket(objects);
            ObjectLocation object = new ObjectLocation(bucket, "one.zst");
            objects.put(bucket, object.key(), RequestBody.fromBytes(Zstd.compress(text, 3)));
            assertThatThrownBy(() -> new ObjectIndexer(objects).index(object, SMALL_SPANS))
                    .isInstanceOf(UnsupportedFormatException.class).hasMessageContaining("one.zst")
                    .hasMessageContaining("cannot be entered in the middle").hasMessageNotContaining("\n");
        }
    }

    @Test
    void aDamagedCheckpointTableIsAnErrorNamingItNeverOtherLines(SeaweedFs server) {
        byte[] text = TestLines.text(5, 3_000, true, false);
        try (S3Objects objects = server.client(temp.resolve("cache"))) {
            String bucket = SeaweedFs.newBucket(objects);
            ObjectLocation object = new ObjectLocation(bucket, "logs.gz");
            objects.put(bucket, object.key(), RequestBody.fromBytes(gzipMembers(text, new SplittableRandom(5))));
            new ObjectIndexer(objects).index(object, SMALL_SPANS);
            ObjectLocation sidecar = object.withSuffix(StoreFiles.SIDECAR_SUFFIX);
            String tableKey = sidecar.resolve("g1/checkpoints");
            byte[] table = objects.getIfExists(bucket, tableKey).orElseThrow();
            table[table.length / 2] ^= 0x40;
            objects.put(bucket, tableKey, RequestBody.fromBytes(table));
            try (LineStore store = S3LineStore.open(objects, new IndexCache(temp.resolve("cold"), 1 << 30), object,
                    ReadOptions.of(ReadMethod.AUTO), () -> { })) {
                assertThatThrownBy(() -> store.read(1_500, 2)).isInstanceOf(CorruptStoreException.class)
                        .hasMessageContaining(tableKey);
                assertThat(store.verify().problems()).anySatisfy(problem ->
                        assertThat(problem.file()).contains(tableKey));
            }
        }
    }

    /**
     * The text as gzip members of random levels (0, stored blocks, to 9), cut at random places, an
     * empty member among them.
     */
    private static byte[] gzipMembers(byte[] text, SplittableRandom random) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int members = random.nextInt(3, 6);
        int empty = random.nextInt(members - 1);
        int from = 0;
        for (int m = 0; m < members; m++) {
            int to = m == empty ? from : m == members - 1 ? text.length : random.nextInt(from, text.length);
            int level = random.nextInt(10);
            ByteArrayOutputStream member = new ByteArrayOutputStream();
            try (GZIPOutputStream gzip = new GZIPOutputStream(member) {
                {
                    def.setLevel(level);
                }
            }) {
                gzip.write(text, from, to - from);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            out.writeBytes(member.toByteArray());
            from = to;
        }
        return out.toByteArray();
    }

    /** The lines a read returns: split at {@code \n}, a {@code \r} before it dropped; the last line may lack both. */
    private static List<String> lines(byte[] text) {
        List<String> lines = new ArrayList<>();
        String all = new String(text, StandardCharsets.UTF_8);
        int start = 0;
        for (int i = all.indexOf('\n'); i >= 0; i = all.indexOf('\n', start)) {
            int end = i > start && all.charAt(i - 1) == '\r' ? i - 1 : i;
            lines.add(all.substring(start, end));
            start = i + 1;
        }
        if (start < all.length()) {
            lines.add(all.substring(start));
        }
        return lines;
    }
}
