package io.linestore.s3;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;

/**
 * The reads of a file on a web server whose sidecar index lies in a local folder
 * ({@code read https://... --index DIR}): requests of the bucket {@code /}
 * ({@link ObjectLocation#local}) read local files, every other goes to the server's reads. Local
 * files have no ETag; a missing one is empty as a missing object is. Thread-safe as the server's
 * reads are.
 */
final class LocalSidecarObjects implements ObjectReads {

    private final ObjectReads server;

    /**
     * Wraps the server's reads.
     *
     * @param server the reads of everything but local files
     */
    LocalSidecarObjects(ObjectReads server) {
        this.server = server;
    }

    private static boolean local(String bucket) {
        return bucket.equals("/");
    }

    private static Path file(String key) {
        return Path.of("/" + key);
    }

    @Override
    public Optional<Versioned> getIfChanged(String bucket, String key, String ifNoneMatch) {
        if (!local(bucket)) {
            return server.getIfChanged(bucket, key, ifNoneMatch);
        }
        try {
            return Optional.of(new Versioned(Files.readAllBytes(file(key)), null));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file(key) + ": " + e.getMessage(), e);
        }
    }

    @Override
    public Range getRange(String bucket, String key, long from, long to, String ifMatch) {
        if (!local(bucket)) {
            return server.getRange(bucket, key, from, to, ifMatch);
        }
        try (FileChannel channel = FileChannel.open(file(key))) {
            long size = channel.size();
            if (from >= size) {
                return new Range(new byte[0], null, Range.SHORTER);
            }
            ByteBuffer bytes = ByteBuffer.allocate((int) (Math.min(to, size) - from));
            while (bytes.hasRemaining() && channel.read(bytes, from + bytes.position()) >= 0) {
                // Reads until the range is full; the size was taken on the same channel.
            }
            return new Range(bytes.array(), null, size);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file(key) + ": " + e.getMessage(), e);
        }
    }

    @Override
    public Opened stream(String bucket, String key, String ifMatch) {
        if (!local(bucket)) {
            return server.stream(bucket, key, ifMatch);
        }
        try {
            InputStream in = Files.newInputStream(file(key));
            return new Opened(in, Files.size(file(key)));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file(key) + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void download(String bucket, String key, Path target) {
        if (!local(bucket)) {
            server.download(bucket, key, target);
            return;
        }
        try {
            Files.copy(file(key), target, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot copy " + file(key) + " to " + target + ": " + e.getMessage(), e);
        }
    }

    @Override
    public Optional<Head> head(String bucket, String key) {
        if (!local(bucket)) {
            return server.head(bucket, key);
        }
        try {
            return Optional.of(new Head(Files.size(file(key)), null));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file(key) + ": " + e.getMessage(), e);
        }
    }

    @Override
    public String origin() {
        return server.origin();
    }

    @Override
    public void close() {
        server.close();
    }
}
