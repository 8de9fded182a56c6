package io.linestore.s3;

import com.google.common.io.MoreFiles;
import com.google.common.io.RecursiveDeleteOption;
import io.linestore.Compression;
import io.linestore.IndexKind;
import io.linestore.IndexOptions;
import io.linestore.IndexSummary;
import io.linestore.Layout;
import io.linestore.WriteOptions;
import io.linestore.impl.blocks.CheckpointTable;
import io.linestore.impl.blocks.StreamedBytes;
import io.linestore.impl.build.CompressedInput;
import io.linestore.impl.build.DecodedTextIndexer;
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
import software.amazon.awssdk.core.ResponseInputStream;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;

/**
 * Indexes an object in place: streams it once (one GET) and writes its sidecar index next to it,
 * {@code KEY.lsidx/}: {@code gN/data.idx} (the index, written by linestore-impl's index writer), for a
 * gzip or multi-frame zstd object {@code gN/checkpoints} (where reads start decoding, the same table a
 * local file's sidecar has), {@code gN/source.properties} (the object's ETag and size, by which
 * readers tell that it changed) and, last, {@code manifest.json}, the same manifest a local sidecar
 * has. The object is never changed. Each run writes a new generation and deletes the previous one's
 * objects after its manifest is replaced. Stateless but for the client it uses.
 */
final class ObjectIndexer {

    private static final int BUFFER = 1 << 20;

    private final S3Objects objects;

    ObjectIndexer(S3Objects objects) {
        this.objects = objects;
    }

    /**
     * Indexes the object.
     *
     * @param object the object
     * @param options the index kind, AUTO threshold and, for a compressed object, the span
     * @return lines and bytes indexed
     * @throws S3StoreException if a request fails
     * @throws IllegalStateException if the object changed while it was read
     * @throws io.linestore.UnsupportedFormatException for a zstd object of one frame
     * @throws UncheckedIOException naming the object if it is damaged or cut, or a file cannot be written
     */
    IndexSummary index(ObjectLocation object, IndexOptions options) {
        long started = System.nanoTime();
        ObjectLocation sidecar = object.withSuffix(StoreFiles.SIDECAR_SUFFIX);
        Optional<Manifest> previous = objects.getIfExists(sidecar.bucket(), sidecar.resolve(StoreFiles.MANIFEST))
                .map(json -> ManifestCodec.parse(sidecar.path(StoreFiles.MANIFEST), json));
        long generation = previous.map(m -> m.generation() + 1).orElse(1L);
        Path temp;
        try {
            temp = Files.createTempDirectory("linestore-s3-index-");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot make a temporary directory: " + e.getMessage(), e);
        }
        try {
            Path indexFile = temp.resolve(StoreFiles.indexFile(Layout.SINGLE, 0));
            Manifest manifest;
            String eTag;
            try (ResponseInputStream<GetObjectResponse> in = objects.getObject(object.bucket(), object.key(), null)) {
                GetObjectResponse response = in.response();
                DigestedStream digest = new DigestedStream(in);
                BufferedInputStream bytes = new BufferedInputStream(digest, BUFFER);
                bytes.mark(CompressedInput.MAGIC_BYTES);
                byte[] head = bytes.readNBytes(CompressedInput.MAGIC_BYTES);
                bytes.reset();
                String codec = CompressedInput.codecOf(head, head.length);
                IndexKind kind = options.indexFor(codec != null);
                Compression compression = codec == null ? Compression.NONE
                        : Compression.inPlace(codec, options.spanBytes());
                Manifest base = Manifest.empty(generation, Layout.SINGLE, kind, Long.MAX_VALUE,
                        options.autoThresholdBytes(), compression);
                long modified = response.lastModified() == null ? 0 : response.lastModified().toEpochMilli();
                if (codec == null) {
                    ShardEntry entry = indexText(bytes, digest, indexFile, base);
                    manifest = base.withShards(List.of(entry), new SourceFile(object.name(), modified,
                            digest.headCrc32c(), digest.tailCrc32c()));
                } else {
                    manifest = indexCompressed(object, bytes, response.contentLength(), digest, temp, base, modified);
                }
                if (digest.bytes() != response.contentLength()) {
                    throw new IllegalStateException(object + " changed while it was indexed: read " + digest.bytes()
                            + " bytes of " + response.contentLength());
                }
                eTag = response.eTag();
            }
            ManifestCodec.publish(temp, manifest, false);
            String files = StoreObjects.relativeFilesDir(manifest);
            objects.put(sidecar.bucket(), sidecar.resolve(files + StoreFiles.indexFile(Layout.SINGLE, 0)),
                    RequestBody.fromFile(indexFile));
            if (manifest.compression().inPlace()) {
                objects.put(sidecar.bucket(), sidecar.resolve(files + CheckpointTable.FILE),
                        RequestBody.fromFile(temp.resolve(CheckpointTable.FILE)));
            }
            String source = "eTag=" + eTag + "\nsize=" + manifest.dataBytes() + "\n";
            objects.put(sidecar.bucket(), sidecar.resolve(files + StoreObjects.SOURCE_FILE),
                    RequestBody.fromString(source, StandardCharsets.UTF_8));
            objects.put(sidecar.bucket(), sidecar.resolve(StoreFiles.MANIFEST),
                    RequestBody.fromFile(temp.resolve(StoreFiles.MANIFEST)));
            previous.filter(m -> m.generation() != generation).ifPresent(old -> {
                String oldFiles = StoreObjects.relativeFilesDir(old);
                objects.delete(sidecar.bucket(), sidecar.resolve(oldFiles + StoreFiles.indexFile(Layout.SINGLE, 0)));
                if (old.compression().inPlace()) {
                    objects.delete(sidecar.bucket(), sidecar.resolve(oldFiles + CheckpointTable.FILE));
                }
                objects.delete(sidecar.bucket(), sidecar.resolve(oldFiles + StoreObjects.SOURCE_FILE));
            });
            return new IndexSummary(manifest.lineCount(), manifest.dataBytes(), manifest.dataBytes(),
                    Duration.ofNanos(System.nanoTime() - started));
        } catch (IOException e) {
            throw new UncheckedIOException("indexing " + object + " failed: " + e.getMessage(), e);
        } finally {
            deleteTree(temp);
        }
    }

    /** Reads a text object to its end: its line starts into the index. */
    private static ShardEntry indexText(InputStream in, DigestedStream digest, Path indexFile, Manifest base)
            throws IOException {
        try (FileChannel channel = FileChannel.open(indexFile, StandardOpenOption.CREATE_NEW, StandardOpenOption.READ,
                StandardOpenOption.WRITE)) {
            IndexSink sink = IndexFiles.create(base.index(), channel, IndexFormat.Identity.of(base, 0), BUFFER);
            int stride = base.index().stride();
            byte[] buffer = new byte[BUFFER];
            long position = 0;
            long lines = 0;
            boolean atLineStart = true;
            for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                for (int i = 0; i < n; i++) {
                    if (atLineStart && lines % stride == 0) {
                        sink.add(position + i);
                    }
                    atLineStart = buffer[i] == '\n';
                    if (atLineStart) {
                        lines++;
                    }
                }
                position += n;
            }
            if (!atLineStart) {
                lines++;
            }
            long indexBytes = sink.finish(lines, position);
            return ShardEntry.plain(lines, position, digest.crc32c(), indexBytes, sink.entriesCrc(),
                    digest.identityCrc32c(), false);
        }
    }

    /**
     * Reads a gzip or zstd object to its end, as a local file is indexed in place: its text's line
     * starts into the index, the places reads start decoding at into the checkpoint table. The
     * compressed bytes after a gzip checkpoint are kept in memory until its window is made sparse.
     */
    private static Manifest indexCompressed(ObjectLocation object, InputStream in, long size, DigestedStream digest,
            Path temp, Manifest base, long modified) throws IOException {
        DecodedTextIndexer.Indexed indexed = DecodedTextIndexer.indexCompressed(Path.of(object.bucket(), object.key()),
                new StreamedBytes(in), 0, size, base, temp.resolve(CheckpointTable.FILE), null,
                temp.resolve(StoreFiles.indexFile(Layout.SINGLE, 0)), ShardEntry.EMPTY, false, WriteOptions.defaults());
        ShardEntry entry = indexed.entry(size, digest.crc32c(), digest.identityCrc32c());
        return base.withShards(List.of(entry), new SourceFile(object.name(), modified, digest.headCrc32c(),
                digest.tailCrc32c()).withCheckpoints(indexed.checkpointsBytes(), indexed.checkpointsCrc32c(),
                        indexed.endsInsideLine()));
    }

    private static void deleteTree(Path dir) {
        try {
            MoreFiles.deleteRecursively(dir, RecursiveDeleteOption.ALLOW_INSECURE);
        } catch (IOException e) {
            // A temporary directory left behind costs a little disk, nothing else.
        }
    }
}
