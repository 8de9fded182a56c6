package io.linestore.impl.format;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.linestore.CorruptStoreException;
import io.linestore.Layout;
import io.linestore.StoreNotFoundException;
import io.linestore.UnsupportedFormatException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * Reads and publishes {@code manifest.json}. Thread-safe.
 *
 * <p>Publishing writes a temporary file and renames it over the manifest atomically, so readers see
 * the old manifest or the new one, never a part of either. Reading checks that the manifest is a
 * linestore manifest of a known version and that its numbers add up; it does not touch the data.
 */
public final class ManifestCodec {

    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_MISSING_CREATOR_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .enable(SerializationFeature.INDENT_OUTPUT)
            .build();

    private ManifestCodec() {
    }

    /**
     * Reads and checks the manifest of a store.
     *
     * @param storeDir the store directory
     * @return the manifest
     * @throws StoreNotFoundException if the directory or its manifest does not exist
     * @throws CorruptStoreException if the manifest is not valid JSON or its numbers disagree
     * @throws UnsupportedFormatException if its version is not {@link Manifest#VERSION}
     * @throws UncheckedIOException if reading fails
     */
    public static Manifest read(Path storeDir) {
        if (!Files.isDirectory(storeDir)) {
            throw new StoreNotFoundException(storeDir,
                    Files.exists(storeDir) ? "not a directory" : "no such directory");
        }
        Path file = storeDir.resolve(StoreFiles.MANIFEST);
        byte[] json;
        try {
            json = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new StoreNotFoundException(storeDir, "no " + StoreFiles.MANIFEST
                    + " (not a store, or a build that did not finish)");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
        Manifest manifest;
        try {
            manifest = MAPPER.readValue(json, Manifest.class);
        } catch (JacksonException e) {
            throw new CorruptStoreException(file, "not a valid manifest: " + e.getOriginalMessage(), e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
        check(file, manifest);
        return manifest;
    }

    /**
     * Writes the manifest: to a temporary file first, forced to the device when {@code fsync}, then
     * renamed over {@code manifest.json} atomically.
     *
     * @param storeDir the store directory
     * @param manifest the manifest
     * @param fsync whether to force the manifest and the directory to the device
     * @throws UncheckedIOException if writing fails; the previous manifest, if any, is untouched, unless
     *     the failure is in forcing the directory after the rename (with {@code fsync}), when the new
     *     manifest is in place but maybe not yet durable (the message says so)
     */
    public static void publish(Path storeDir, Manifest manifest, boolean fsync) {
        Path temp = storeDir.resolve(StoreFiles.MANIFEST_TEMP);
        try {
            byte[] json = MAPPER.writeValueAsBytes(manifest);
            try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.CREATE,
                    StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE)) {
                ByteBuffer buffer = ByteBuffer.wrap(json);
                while (buffer.hasRemaining()) {
                    channel.write(buffer);
                }
                if (fsync) {
                    channel.force(true);
                }
            }
            Files.move(temp, storeDir.resolve(StoreFiles.MANIFEST), StandardCopyOption.ATOMIC_MOVE,
                    StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the manifest of " + storeDir, e);
        }
        try {
            if (fsync) {
                forceDirectory(storeDir);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("the new manifest of " + storeDir + " is in place (the write is committed)"
                    + " but forcing the directory to the device failed: " + e.getMessage(), e);
        }
    }

    /** A sidecar {@code x.lsidx} may only index the file {@code x} next to it. */
    private static boolean isSiblingName(Path sidecarDir, String name) {
        return name != null && (name + StoreFiles.SIDECAR_SUFFIX).equals(sidecarDir.getFileName().toString());
    }

    /**
     * Forces a directory's entries (files created, renamed) to the device.
     *
     * @param dir the directory
     * @throws IOException if forcing fails
     */
    public static void forceDirectory(Path dir) throws IOException {
        // Makes the rename itself durable; Linux allows force() on a directory opened for reading.
        try (FileChannel channel = FileChannel.open(dir, StandardOpenOption.READ)) {
            channel.force(true);
        }
    }

    private static void check(Path file, Manifest m) {
        if (!Manifest.FORMAT.equals(m.format())) {
            throw new CorruptStoreException(file, "not a linestore manifest: format=" + m.format());
        }
        if (m.version() != Manifest.VERSION) {
            throw new UnsupportedFormatException(file, m.version(), Manifest.VERSION);
        }
        if (m.layout() == null || m.shards() == null) {
            throw new CorruptStoreException(file, "layout or shards is null");
        }
        if (m.source() != null && !isSiblingName(file.getParent(), m.source().name())) {
            throw new CorruptStoreException(file, "a sidecar of " + file.getParent().getFileName()
                    + " cannot index the file " + m.source().name());
        }
        if (m.indexStride() < 0) {
            throw new CorruptStoreException(file, "indexStride=" + m.indexStride() + " is negative");
        }
        if (m.autoThresholdBytes() < 0) {
            throw new CorruptStoreException(file, "autoThresholdBytes=" + m.autoThresholdBytes() + " is negative");
        }
        if (m.layout() == Layout.SINGLE && (m.shards().size() != 1 || m.linesPerShard() != Long.MAX_VALUE)) {
            throw new CorruptStoreException(file, "a single-file store needs exactly 1 shard and linesPerShard="
                    + Long.MAX_VALUE + ", found shards=" + m.shards().size() + ", linesPerShard=" + m.linesPerShard());
        }
        if (m.linesPerShard() < 1) {
            throw new CorruptStoreException(file, "linesPerShard=" + m.linesPerShard() + " is below 1");
        }
        long lines = 0;
        long dataBytes = 0;
        long indexBytes = 0;
        int last = m.shards().size() - 1;
        for (int k = 0; k <= last; k++) {
            ShardEntry shard = m.shards().get(k);
            boolean full = shard.lines() == m.linesPerShard();
            boolean partialLast = k == last && shard.lines() < m.linesPerShard()
                    && (shard.lines() > 0 || m.layout() == Layout.SINGLE);
            if (!full && !partialLast) {
                throw new CorruptStoreException(file, "shard " + k + " has lines=" + shard.lines()
                        + ", expected " + m.linesPerShard() + (k == last ? " or fewer (but at least 1)" : ""));
            }
            if (shard.dataBytes() < shard.lines() || (m.indexStride() == 0 && shard.indexBytes() != 0)
                    || shard.indexBytes() < 0) {
                throw new CorruptStoreException(file, "shard " + k + " has impossible sizes: " + shard);
            }
            lines += shard.lines();
            dataBytes += shard.dataBytes();
            indexBytes += shard.indexBytes();
        }
        if (lines != m.lineCount() || dataBytes != m.dataBytes() || indexBytes != m.indexBytes()) {
            throw new CorruptStoreException(file, "totals disagree with the shards: lineCount=" + m.lineCount()
                    + " vs " + lines + ", dataBytes=" + m.dataBytes() + " vs " + dataBytes
                    + ", indexBytes=" + m.indexBytes() + " vs " + indexBytes);
        }
    }
}
