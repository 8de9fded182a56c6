package io.linestore.s3;

import com.google.common.io.MoreFiles;
import com.google.common.io.RecursiveDeleteOption;
import io.linestore.Compression;
import io.linestore.IndexKind;
import io.linestore.IndexOptions;
import io.linestore.IndexSummary;
import io.linestore.Layout;
import io.linestore.UnsupportedFormatException;
import io.linestore.impl.build.CompressedInput;
import io.linestore.impl.format.DataFileIdentity;
import io.linestore.impl.format.Manifest;
import io.linestore.impl.format.ManifestCodec;
import io.linestore.impl.format.ShardEntry;
import io.linestore.impl.format.SourceFile;
import io.linestore.impl.format.StoreFiles;
import io.linestore.impl.index.IndexFiles;
import io.linestore.impl.index.IndexFormat;
import io.linestore.impl.index.IndexSink;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.zip.CRC32C;
import software.amazon.awssdk.core.ResponseInputStream;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;

/**
 * Indexes an object in place: streams it once (one GET) and writes its sidecar index next to it,
 * {@code KEY.lsidx/}: {@code gN/data.idx} (the index, written by linestore-impl's index writer),
 * {@code gN/source.properties} (the object's ETag and size, by which readers tell that it changed)
 * and, last, {@code manifest.json}, the same manifest a local sidecar has. The object is never
 * changed. Each run writes a new generation and deletes the previous one's objects after its
 * manifest is replaced. Stateless but for the client it uses.
 */
final class ObjectIndexer {

    private static final int BUFFER = 1 << 20;

    private final S3Objects objects;

    ObjectIndexer(S3Objects objects) {
        this.objects = objects;
    }

    /**
     * Refuses a gzip or zstd object, told by its first bytes, before it is indexed as text: compressed
     * objects are indexed in place only as local files.
     */
    private static void refuseCompressed(ObjectLocation object, BufferedInputStream in) throws IOException {
        in.mark(CompressedInput.MAGIC_BYTES);
        byte[] head = in.readNBytes(CompressedInput.MAGIC_BYTES);
        in.reset();
        String codec = CompressedInput.codecOf(head, head.length);
        if (codec != null) {
            throw new UnsupportedFormatException(object + " is " + codec + ": compressed objects cannot be indexed"
                    + " in place yet; index a local copy, or build a store from it");
        }
    }

    /**
     * Indexes the object.
     *
     * @param object the object
     * @param options the index kind and AUTO threshold
     * @return lines and bytes indexed
     * @throws S3StoreException if a request fails
     * @throws IllegalStateException if the object changed while it was read
     */
    IndexSummary index(ObjectLocation object, IndexOptions options) {
        long started = System.nanoTime();
        ObjectLocation sidecar = object.withSuffix(StoreFiles.SIDECAR_SUFFIX);
        Optional<Manifest> previous = objects.getIfExists(sidecar.bucket(), sidecar.resolve(StoreFiles.MANIFEST))
                .map(json -> ManifestCodec.parse(sidecar.path(StoreFiles.MANIFEST), json));
        long generation = previous.map(m -> m.generation() + 1).orElse(1L);
        IndexKind kind = options.indexFor(false);
        Manifest base = Manifest.empty(generation, Layout.SINGLE, kind, Long.MAX_VALUE,
                options.autoThresholdBytes(), Compression.NONE);
        Path temp;
        try {
            temp = Files.createTempDirectory("linestore-s3-index-");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot make a temporary directory: " + e.getMessage(), e);
        }
        try {
            Path indexFile = temp.resolve(StoreFiles.indexFile(Layout.SINGLE, 0));
            Scan scan;
            try (ResponseInputStream<GetObjectResponse> in = objects.getObject(object.bucket(), object.key(), null);
                    FileChannel channel = FileChannel.open(indexFile, StandardOpenOption.CREATE_NEW,
                            StandardOpenOption.READ, StandardOpenOption.WRITE)) {
                GetObjectResponse response = in.response();
                BufferedInputStream text = new BufferedInputStream(in, BUFFER);
                refuseCompressed(object, text);
                IndexSink sink = IndexFiles.create(kind, channel, IndexFormat.Identity.of(base, 0), BUFFER);
                scan = Scan.of(text, sink, kind.stride(), response);
                if (scan.bytes() != response.contentLength()) {
                    throw new IllegalStateException(object + " changed while it was indexed: read " + scan.bytes()
                            + " bytes of " + response.contentLength());
                }
            }
            Manifest manifest = base.withShards(List.of(scan.shard()), new SourceFile(object.name(),
                    scan.modifiedMillis(), scan.headCrc(), scan.tailCrc()));
            ManifestCodec.publish(temp, manifest, false);
            String files = StoreObjects.relativeFilesDir(manifest);
            objects.put(sidecar.bucket(), sidecar.resolve(files + StoreFiles.indexFile(Layout.SINGLE, 0)),
                    RequestBody.fromFile(indexFile));
            String source = "eTag=" + scan.eTag() + "\nsize=" + scan.bytes() + "\n";
            objects.put(sidecar.bucket(), sidecar.resolve(files + StoreObjects.SOURCE_FILE),
                    RequestBody.fromString(source, StandardCharsets.UTF_8));
            objects.put(sidecar.bucket(), sidecar.resolve(StoreFiles.MANIFEST),
                    RequestBody.fromFile(temp.resolve(StoreFiles.MANIFEST)));
            previous.filter(m -> m.generation() != generation).ifPresent(old -> {
                String oldFiles = StoreObjects.relativeFilesDir(old);
                objects.delete(sidecar.bucket(), sidecar.resolve(oldFiles + StoreFiles.indexFile(Layout.SINGLE, 0)));
                objects.delete(sidecar.bucket(), sidecar.resolve(oldFiles + StoreObjects.SOURCE_FILE));
            });
            return new IndexSummary(scan.shard().lines(), scan.bytes(), scan.bytes(),
                    Duration.ofNanos(System.nanoTime() - started));
        } catch (IOException e) {
            throw new UncheckedIOException("indexing " + object + " failed: " + e.getMessage(), e);
        } finally {
            deleteTree(temp);
        }
    }

    private static void deleteTree(Path dir) {
        try {
            MoreFiles.deleteRecursively(dir, RecursiveDeleteOption.ALLOW_INSECURE);
        } catch (IOException e) {
            // A temporary directory left behind costs a little disk, nothing else.
        }
    }

    /**
     * What one pass over the object found.
     *
     * @param shard the manifest's shard entry
     * @param bytes bytes read
     * @param eTag the object's ETag
     * @param modifiedMillis its last modification
     * @param headCrc CRC32C of its first {@value StoreFiles#PROBE_BYTES} bytes
     * @param tailCrc CRC32C of its last {@value StoreFiles#PROBE_BYTES} bytes
     */
    private record Scan(ShardEntry shard, long bytes, String eTag, long modifiedMillis, long headCrc, long tailCrc) {

        /** Reads the stream once: line starts into the index, CRC32C of all, of the head and of the tail. */
        static Scan of(InputStream in, IndexSink sink, int stride, GetObjectResponse response) throws IOException {
            CRC32C crc = new CRC32C();
            CRC32C head = new CRC32C();
            CRC32C identity = new CRC32C();
            byte[] tail = new byte[StoreFiles.PROBE_BYTES];
            byte[] buffer = new byte[BUFFER];
            long position = 0;
            long lines = 0;
            boolean atLineStart = true;
            for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                crc.update(buffer, 0, n);
                if (position < StoreFiles.PROBE_BYTES) {
                    head.update(buffer, 0, (int) Math.min(n, StoreFiles.PROBE_BYTES - position));
                }
                if (position < DataFileIdentity.HEAD_BYTES) {
                    identity.update(buffer, 0, (int) Math.min(n, DataFileIdentity.HEAD_BYTES - position));
                }
                for (int i = 0; i < n; i++) {
                    if (atLineStart && lines % stride == 0) {
                        sink.add(position + i);
                    }
                    atLineStart = buffer[i] == '\n';
                    if (atLineStart) {
                        lines++;
                    }
                    tail[(int) ((position + i) % tail.length)] = buffer[i];
                }
                position += n;
            }
            if (!atLineStart) {
                lines++;
            }
            long indexBytes = sink.finish(lines, position);
            CRC32C tailCrc = new CRC32C();
            int tailLength = (int) Math.min(position, tail.length);
            for (long p = position - tailLength; p < position; p++) {
                tailCrc.update(tail[(int) (p % tail.length)]);
            }
            long modified = response.lastModified() == null ? 0 : response.lastModified().toEpochMilli();
            return new Scan(ShardEntry.plain(lines, position, crc.getValue(), indexBytes, sink.entriesCrc(),
                    identity.getValue(), false), position,
                    response.eTag(), modified, head.getValue(), tailCrc.getValue());
        }
    }
}
