package io.linestore.impl.powerloss;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.NonReadableChannelException;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Path;

/**
 * A channel of a {@link PowerLossFileSystem}, on a file or a directory. Each write, truncate and
 * force is an operation the file system counts and can cut; a force makes the file's bytes (or the
 * directory's entries) durable in the {@link DiskModel}, and is not passed to the device: nothing here
 * needs the real disk to keep anything. The channel underneath is open for reading too, so that a
 * force can read what becomes durable; reads through this channel still need {@code READ}.
 */
final class PowerLossChannel extends FileChannel {

    private final PowerLossProvider provider;
    private final Path path;
    private final FileChannel delegate;
    private final DiskModel.Node node;
    private final boolean readable;

    PowerLossChannel(PowerLossProvider provider, Path path, FileChannel delegate, DiskModel.Node node,
            boolean readable) {
        this.provider = provider;
        this.path = path;
        this.delegate = delegate;
        this.node = node;
        this.readable = readable;
    }

    private void reading() throws IOException {
        provider.alive();
        if (!readable) {
            throw new NonReadableChannelException();
        }
    }

    private void writing(String what) throws IOException {
        provider.write(what, path, node);
    }

    @Override
    public int read(ByteBuffer dst) throws IOException {
        reading();
        return delegate.read(dst);
    }

    @Override
    public long read(ByteBuffer[] dsts, int offset, int length) throws IOException {
        reading();
        return delegate.read(dsts, offset, length);
    }

    @Override
    public int read(ByteBuffer dst, long position) throws IOException {
        reading();
        return delegate.read(dst, position);
    }

    @Override
    public int write(ByteBuffer src) throws IOException {
        writing("write");
        return delegate.write(src);
    }

    @Override
    public long write(ByteBuffer[] srcs, int offset, int length) throws IOException {
        writing("write");
        return delegate.write(srcs, offset, length);
    }

    @Override
    public int write(ByteBuffer src, long position) throws IOException {
        writing("write");
        return delegate.write(src, position);
    }

    @Override
    public FileChannel truncate(long size) throws IOException {
        writing("truncate");
        delegate.truncate(size);
        return this;
    }

    @Override
    public void force(boolean metaData) throws IOException {
        provider.force(path, node, delegate);
    }

    @Override
    public long position() throws IOException {
        provider.alive();
        return delegate.position();
    }

    @Override
    public FileChannel position(long newPosition) throws IOException {
        provider.alive();
        delegate.position(newPosition);
        return this;
    }

    @Override
    public long size() throws IOException {
        provider.alive();
        return delegate.size();
    }

    /** The copy goes through {@link #write} of a target of this file system, where it is counted and cut. */
    @Override
    public long transferTo(long position, long count, WritableByteChannel target) throws IOException {
        reading();
        return delegate.transferTo(position, count, target);
    }

    @Override
    public long transferFrom(ReadableByteChannel src, long position, long count) {
        throw new UnsupportedOperationException("transferFrom into " + path + " is not modelled");
    }

    /** Read-only mappings only: writes through a mapping would bypass the model. */
    @Override
    public MappedByteBuffer map(MapMode mode, long position, long size) throws IOException {
        if (mode != MapMode.READ_ONLY) {
            throw new UnsupportedOperationException("a " + mode + " mapping of " + path + " is not modelled");
        }
        reading();
        return delegate.map(mode, position, size);
    }

    /** Read-only mappings only, as above, into the caller's arena. */
    @Override
    public MemorySegment map(MapMode mode, long position, long size, Arena arena) throws IOException {
        if (mode != MapMode.READ_ONLY) {
            throw new UnsupportedOperationException("a " + mode + " mapping of " + path + " is not modelled");
        }
        reading();
        return delegate.map(mode, position, size, arena);
    }

    @Override
    public FileLock lock(long position, long size, boolean shared) throws IOException {
        provider.alive();
        return new Lock(this, delegate.lock(position, size, shared));
    }

    @Override
    public FileLock tryLock(long position, long size, boolean shared) throws IOException {
        provider.alive();
        FileLock lock = delegate.tryLock(position, size, shared);
        return lock == null ? null : new Lock(this, lock);
    }

    /** Closing works after a cut too: a dead process's files are closed all the same. */
    @Override
    protected void implCloseChannel() throws IOException {
        delegate.close();
    }

    /** A lock of the channel underneath, owned by this one. */
    private static final class Lock extends FileLock {
        private final FileLock real;

        Lock(FileChannel channel, FileLock real) {
            super(channel, real.position(), real.size(), real.isShared());
            this.real = real;
        }

        @Override
        public boolean isValid() {
            return real.isValid();
        }

        @Override
        public void release() throws IOException {
            real.release();
        }
    }
}
