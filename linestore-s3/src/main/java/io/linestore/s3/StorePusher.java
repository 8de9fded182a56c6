package io.linestore.s3;

import io.linestore.StoreNotFoundException;
import io.linestore.impl.format.Manifest;
import io.linestore.impl.format.ManifestCodec;
import io.linestore.impl.format.ShardEntry;
import io.linestore.impl.format.StoreFiles;
import io.linestore.impl.index.IndexFiles;
import io.linestore.impl.index.IndexFormat;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.CompletedPart;

/**
 * Uploads a local store below an S3 prefix, keeping its file names ({@code manifest.json},
 * {@code gN/data.lines}, ...), so that the prefix is a store that {@link S3LineStore} reads. The
 * committed bytes of every data and index file go first (a file larger than the part size in a
 * multipart upload), the manifest last: a reader of the prefix sees the store it held before, or
 * nothing, until the manifest names the new files. A store already at the prefix with another
 * generation keeps its files until then, and they are deleted after; one with the same generation
 * but another store id is refused, as the upload would overwrite its files under its readers.
 * Stateless but for the client it uses.
 */
final class StorePusher {

    /** Part size of multipart uploads when none is given: 64 MiB. */
    static final long DEFAULT_PART_BYTES = 64L << 20;

    private static final String OCTETS = "application/octet-stream";

    private final S3Objects objects;
    private final long partBytes;

    /**
     * Makes the pusher.
     *
     * @param objects the client
     * @param partBytes files larger than this go in parts of this size ({@code >= 5 MiB} on AWS S3)
     */
    StorePusher(S3Objects objects, long partBytes) {
        this.objects = objects;
        this.partBytes = partBytes;
    }

    /**
     * Uploads the store.
     *
     * @param storeDir the local store
     * @param target the prefix to upload it below
     * @return bytes uploaded, manifest included
     * @throws StoreNotFoundException if there is no store at {@code storeDir}
     * @throws IllegalArgumentException if {@code storeDir} is a file's sidecar index or a compressed
     *     store, or the target holds another store of the same generation
     * @throws S3StoreException if an upload fails
     */
    long push(Path storeDir, S3Location target) {
        ManifestCodec.read(storeDir);
        byte[] manifestBytes;
        try {
            manifestBytes = Files.readAllBytes(storeDir.resolve(StoreFiles.MANIFEST));
        } catch (NoSuchFileException e) {
            throw new StoreNotFoundException(storeDir, "no " + StoreFiles.MANIFEST);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the manifest of " + storeDir, e);
        }
        // The manifest uploaded is exactly the one whose files are uploaded, whatever a writer does meanwhile.
        Manifest manifest = ManifestCodec.parse(storeDir.resolve(StoreFiles.MANIFEST), manifestBytes);
        if (manifest.compression().compressed()) {
            throw new IllegalArgumentException(storeDir + " is a compressed store (" + manifest.compression()
                    + "); object storage holds uncompressed stores only: build one without --compress to push");
        }
        if (manifest.source() != null) {
            throw new IllegalArgumentException(storeDir + " is the index of the file " + manifest.source().name()
                    + ", not a store: upload the file and run `linestore index s3://...` on it instead");
        }
        Optional<Manifest> previous = objects.getIfExists(target.bucket(), target.resolve(StoreFiles.MANIFEST))
                .map(json -> ManifestCodec.parse(target.path(StoreFiles.MANIFEST), json));
        if (previous.isPresent() && previous.get().replaces(manifest)
                && previous.get().version() == manifest.version()
                && previous.get().generation() == manifest.generation()) {
            throw new IllegalArgumentException(target + " holds another store of the same generation "
                    + manifest.generation() + " (store id " + previous.get().storeId() + "): pushing there would "
                    + "overwrite its files under its readers; push to another prefix");
        }
        long uploaded = 0;
        String files = StoreObjects.relativeFilesDir(manifest);
        for (int k = 0; k < manifest.shards().size(); k++) {
            ShardEntry shard = manifest.shards().get(k);
            uploaded += upload(new FileRange(StoreFiles.dataPath(storeDir, manifest, k), 0, shard.dataBytes()),
                    target.bucket(), target.resolve(files + StoreFiles.dataFile(manifest.layout(), k)));
            if (manifest.indexStride() > 0) {
                long indexBytes = IndexFiles.committedBytes(manifest.index(), IndexFormat.Identity.of(manifest, k),
                        shard.lines(), shard.indexBytes());
                uploaded += upload(new FileRange(StoreFiles.indexPath(storeDir, manifest, k), 0, indexBytes),
                        target.bucket(), target.resolve(files + StoreFiles.indexFile(manifest.layout(), k)));
            }
        }
        objects.put(target.bucket(), target.resolve(StoreFiles.MANIFEST), RequestBody.fromBytes(manifestBytes));
        uploaded += manifestBytes.length;
        if (previous.isPresent() && previous.get().replaces(manifest)) {
            deleteFiles(target, previous.get());
        }
        return uploaded;
    }

    /** Deletes the data and index objects a replaced manifest names (not the new store's). */
    private void deleteFiles(S3Location target, Manifest old) {
        String files = StoreObjects.relativeFilesDir(old);
        for (int k = 0; k < old.shards().size(); k++) {
            objects.delete(target.bucket(), target.resolve(files + StoreFiles.dataFile(old.layout(), k)));
            if (old.indexStride() > 0) {
                objects.delete(target.bucket(), target.resolve(files + StoreFiles.indexFile(old.layout(), k)));
            }
        }
    }

    /**
     * Uploads a file range as an object: in one PUT up to the part size, else in parts.
     *
     * @param range the bytes
     * @param bucket the bucket
     * @param key the key
     * @return bytes uploaded
     */
    long upload(FileRange range, String bucket, String key) {
        if (range.length() <= partBytes) {
            objects.put(bucket, key, RequestBody.fromContentProvider(range::open, range.length(), OCTETS));
            return range.length();
        }
        S3Client client = objects.client();
        String uploadId;
        try {
            uploadId = client.createMultipartUpload(r -> r.bucket(bucket).key(key)).uploadId();
        } catch (SdkException e) {
            throw objects.errors().failure(e, "multipart upload of", bucket, key);
        }
        try {
            List<CompletedPart> parts = new ArrayList<>();
            for (long from = 0; from < range.length(); from += partBytes) {
                int number = parts.size() + 1;
                FileRange part = new FileRange(range.file(), range.from() + from, Math.min(partBytes,
                        range.length() - from));
                String eTag = client.uploadPart(r -> r.bucket(bucket).key(key).uploadId(uploadId).partNumber(number)
                        .contentLength(part.length()),
                        RequestBody.fromContentProvider(part::open, part.length(), OCTETS)).eTag();
                parts.add(CompletedPart.builder().partNumber(number).eTag(eTag).build());
            }
            client.completeMultipartUpload(r -> r.bucket(bucket).key(key).uploadId(uploadId)
                    .multipartUpload(m -> m.parts(parts)));
            return range.length();
        } catch (SdkException e) {
            try {
                client.abortMultipartUpload(r -> r.bucket(bucket).key(key).uploadId(uploadId));
            } catch (SdkException abort) {
                e.addSuppressed(abort);
            }
            throw objects.errors().failure(e, "multipart upload of", bucket, key);
        }
    }
}
