package io.linestore.impl.build;

import io.linestore.StoreLockedException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The one-writer-per-store rule: an exclusive lock on {@code write.lock} in the store directory, held
 * for one append or index run. Works across processes ({@link FileLock}) and across threads of one
 * process. Readers take no lock.
 *
 * <p>A process holds POSIX file locks as a whole: closing any descriptor of the lock file drops the
 * lock of every channel on it. So a second writer in the same JVM is refused from a registry of the
 * locks this JVM holds, before it opens the file, never by a failing {@code tryLock} whose cleanup
 * would release the first writer's lock.
 */
final class WriteLock implements AutoCloseable {

    private static final Set<Path> HELD = ConcurrentHashMap.newKeySet();

    private final Path key;
    private final FileChannel channel;
    private final FileLock lock;

    private WriteLock(Path key, FileChannel channel, FileLock lock) {
        this.key = key;
        this.channel = channel;
        this.lock = lock;
    }

    /**
     * Takes the lock without waiting.
     *
     * @param lockFile the lock file, created if absent; its directory must exist
     * @return the held lock; close it to release
     * @throws StoreLockedException if another writer, in this process or another, holds it
     * @throws UncheckedIOException if the lock file cannot be opened
     */
    static WriteLock acquire(Path lockFile) {
        Path key = key(lockFile);
        if (!HELD.add(key)) {
            throw new StoreLockedException(lockFile);
        }
        FileChannel channel = null;
        try {
            channel = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            FileLock lock = channel.tryLock();
            if (lock == null) {
                throw new StoreLockedException(lockFile);
            }
            return new WriteLock(key, channel, lock);
        } catch (IOException e) {
            release(key, channel, e);
            throw new UncheckedIOException("cannot lock " + lockFile + ": " + e.getMessage(), e);
        } catch (RuntimeException e) {
            release(key, channel, e);
            throw e;
        }
    }

    /** The same lock file, however it is named: its directory's real path and its name. */
    private static Path key(Path lockFile) {
        try {
            return lockFile.toAbsolutePath().getParent().toRealPath().resolve(lockFile.getFileName());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot lock " + lockFile + ": " + e.getMessage(), e);
        }
    }

    private static void release(Path key, FileChannel channel, Exception failure) {
        try {
            if (channel != null) {
                channel.close();
            }
        } catch (IOException e) {
            failure.addSuppressed(e);
        } finally {
            HELD.remove(key);
        }
    }

    @Override
    public void close() throws IOException {
        try (channel) {
            lock.release();
        } finally {
            HELD.remove(key);
        }
    }
}
