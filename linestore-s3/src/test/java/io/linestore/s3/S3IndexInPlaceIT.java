package io.linestore.s3;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.linestore.IndexKind;
import io.linestore.IndexOptions;
import io.linestore.IndexSummary;
import io.linestore.LineStore;
import io.linestore.ReadMethod;
import io.linestore.ReadOptions;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.core.sync.RequestBody;

/**
 * An object indexed in place ({@code index s3://bucket/data/train.jsonl}): its lines read by range
 * GETs on the object itself equal {@code sed -n} on the same file, for a dense and a compact index;
 * an object replaced after indexing is refused as stale.
 */
@ExtendWith(SeaweedFs.class)
class S3IndexInPlaceIT {

    @TempDir
    Path temp;

    @Test
    void readsEqualSedOnTheOriginal(SeaweedFs server) throws Exception {
        try (S3Objects objects = server.client(temp.resolve("cache"))) {
            String bucket = SeaweedFs.newBucket(objects);
            // Terminated and without CR, so that sed prints what read prints: each line's bytes and \n.
            byte[] text = new String(TestLines.text(11, 5_000, true, false), StandardCharsets.UTF_8).replace("\r", "")
                    .getBytes(StandardCharsets.UTF_8);
            Path file = Files.write(temp.resolve("train.jsonl"), text);
            ObjectLocation object = new ObjectLocation(bucket, "data/train.jsonl");
            objects.put(bucket, object.key(), RequestBody.fromBytes(text));

            for (IndexKind kind : List.of(IndexKind.DENSE, IndexKind.compact(4), IndexKind.sparse(16))) {
                IndexSummary summary = new ObjectIndexer(objects).index(object,
                        IndexOptions.builder().index(kind).build());
                assertThat(summary.lineCount()).as(kind.toString()).isEqualTo(5_000);
                assertThat(summary.indexedBytes()).isEqualTo(text.length);
                try (LineStore store = S3LineStore.open(objects, new IndexCache(temp.resolve("cache"), 1 << 30), object,
                        ReadOptions.of(ReadMethod.MMAP), () -> { })) {
                    for (long n : new long[] {0, 1, 2_500, 4_990, 4_995}) {
                        assertThat(PrintedLines.of(store, n, 10)).as(kind + " read %d 10", n)
                                .isEqualTo(PrintedLines.sed(file, n, 10));
                    }
                    assertThat(store.verify().problems()).isEmpty();
                }
            }
        }
    }

    @Test
    void anUnterminatedLastLineKeepsItsCarriageReturnAsContent(SeaweedFs server) {
        try (S3Objects objects = server.client(temp.resolve("cache"))) {
            String bucket = SeaweedFs.newBucket(objects);
            ObjectLocation object = new ObjectLocation(bucket, "log.txt");
            objects.put(bucket, object.key(), RequestBody.fromString("a\r\n\nb\r"));
            new ObjectIndexer(objects).index(object, IndexOptions.defaults());
            try (LineStore store = S3LineStore.open(objects, new IndexCache(temp.resolve("cache"), 1 << 30), object,
                    ReadOptions.of(ReadMethod.AUTO), () -> { })) {
                assertThat(store.read(0, 10)).containsExactly("a", "", "b\r");
            }
        }
    }

    @Test
    void aReplacedObjectIsStaleUntilIndexedAgain(SeaweedFs server) {
        try (S3Objects objects = server.client(temp.resolve("cache"))) {
            String bucket = SeaweedFs.newBucket(objects);
            ObjectLocation object = new ObjectLocation(bucket, "data/app.log");
            objects.put(bucket, object.key(), RequestBody.fromString("one\ntwo\nthree\n"));
            new ObjectIndexer(objects).index(object, IndexOptions.defaults());
            IndexCache cache = new IndexCache(temp.resolve("cache"), 1 << 30);
            try (LineStore store = S3LineStore.open(objects, cache, object, ReadOptions.of(ReadMethod.AUTO), () -> { })) {
                assertThat(store.read(1, 1)).containsExactly("two");
                // Same size, other bytes: only the ETag tells.
                objects.put(bucket, object.key(), RequestBody.fromString("uno\ndos\ntre\nx\n"));
                assertThatThrownBy(() -> store.read(2, 1)).hasMessageContaining("changed while the store was open");
            }
            assertThatThrownBy(() -> S3LineStore.open(objects, cache, object, ReadOptions.of(ReadMethod.AUTO), () -> { }))
                    .isInstanceOf(S3StoreException.class).hasMessageContaining("is stale")
                    .hasMessageContaining("linestore index s3://" + bucket + "/data/app.log");
            new ObjectIndexer(objects).index(object, IndexOptions.defaults());
            try (LineStore store = S3LineStore.open(objects, cache, object, ReadOptions.of(ReadMethod.AUTO), () -> { })) {
                assertThat(store.read(0, 10)).containsExactly("uno", "dos", "tre", "x");
            }
        }
    }
    /**
     * A sidecar manifest cached within its time to live ({@code LINESTORE_S3_MANIFEST_TTL}) after the
     * object was replaced and indexed again names index files that are gone: the open reads the
     * sidecar's manifest again and the new lines.
     */
    @Test
    void aSidecarManifestCachedBeforeTheObjectWasIndexedAgainIsReadAgainOnOpen(SeaweedFs server) {
        try (S3Objects objects = server.client(temp.resolve("cache"))) {
            String bucket = SeaweedFs.newBucket(objects);
            ObjectLocation object = new ObjectLocation(bucket, "data/app.log");
            objects.put(bucket, object.key(), RequestBody.fromString("one\ntwo\nthree\n"));
            new ObjectIndexer(objects).index(object, IndexOptions.defaults());
            IndexCache cache = new IndexCache(temp.resolve("ttl-cache"), 1 << 30, Duration.ofHours(1));
            try (LineStore store = S3LineStore.open(objects, cache, object, ReadOptions.of(ReadMethod.AUTO), () -> { })) {
                assertThat(store.read(1, 1)).containsExactly("two");
            }
            objects.put(bucket, object.key(), RequestBody.fromString("uno\ndos\ntres\ncuatro\n"));
            new ObjectIndexer(objects).index(object, IndexOptions.defaults());
            try (LineStore store = S3LineStore.open(objects, cache, object, ReadOptions.of(ReadMethod.AUTO), () -> { })) {
                assertThat(store.read(0, 10)).containsExactly("uno", "dos", "tres", "cuatro");
            }
        }
    }
}
