package io.linestore.impl.build;

import io.linestore.StoreLockedException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The one-writer-per-store rule: an exclusive lock on {@code write.lock} in the store directory, held
 * for one append or index run. Works across processes ({@link FileLock}) and across threads of one
 * process (where the JVM reports the overlap). Readers take no lock.
 */
final class WriteLock implements AutoCloseable {

    private final FileChannel channel;
    private final FileLock lock;

    private WriteLock(FileChannel channel, FileLock lock) {
        this.channel = channel;
        this.lock = lock;
    }

    /**
     * Takes the lock without waiting.
     *
     * @param lockFile the lock file, created if absent
     * @return the held lock; close it to release
     * @throws StoreLockedException if another writer holds it
     * @throws UncheckedIOException if the lock file cannot be opened
     */
    static WriteLock acquire(Path lockFile) {
        FileChannel channel;
        try {
            channel = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open the lock file " + lockFile + ": " + e.getMessage(), e);
        }
        try {
            FileLock lock = channel.tryLock();
            if (lock == null) {
                throw new StoreLockedException(lockFile);
            }
            return new WriteLock(channel, lock);
        } catch (OverlappingFileLockException e) {
            closeQuietly(channel, e);
            throw new StoreLockedException(lockFile);
        } catch (IOException e) {
            closeQuietly(channel, e);
            throw new UncheckedIOException("cannot lock " + lockFile + ": " + e.getMessage(), e);
        } catch (RuntimeException e) {
            closeQuietly(channel, e);
            throw e;
        }
    }

    private static void closeQuietly(FileChannel channel, Exception failure) {
        try {
            channel.close();
        } catch (IOException e) {
            failure.addSuppressed(e);
        }
    }

    @Override
    public void close() throws IOException {
        try (channel) {
            lock.release();
        }
    }
}
