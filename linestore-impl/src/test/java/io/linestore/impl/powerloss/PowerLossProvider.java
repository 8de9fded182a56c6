package io.linestore.impl.powerloss;

import java.io.IOException;
import java.net.URI;
import java.nio.channels.FileChannel;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.AccessMode;
import java.nio.file.CopyOption;
import java.nio.file.DirectoryIteratorException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileStore;
import java.nio.file.FileSystem;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.ProviderMismatchException;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.FileAttributeView;
import java.nio.file.spi.FileSystemProvider;
import java.util.HashSet;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;

/**
 * The provider of one {@link PowerLossFileSystem}: passes each operation to the default file system
 * and keeps the {@link DiskModel} in step. Counts the operations that change the disk (open for
 * writing, write, truncate, force, create a directory, delete, move) and fails the one it is told to
 * cut with an {@link IOException}; from then on every operation fails (the process is dead) but
 * closing. Operations the model does not cover (copies, links, attribute changes, appends, writable
 * mappings) are refused rather than passed through unseen.
 */
final class PowerLossProvider extends FileSystemProvider {

    private final PowerLossFileSystem fs;
    private final DiskModel model;
    private long operations;
    private long cutAt = Long.MAX_VALUE;
    private boolean dead;

    PowerLossProvider(PowerLossFileSystem fs, DiskModel model) {
        this.fs = fs;
        this.model = model;
    }

    synchronized void cutAt(long operation) {
        cutAt = operation;
    }

    synchronized long operations() {
        return operations;
    }

    synchronized boolean dead() {
        return dead;
    }

    synchronized DiskModel model() {
        return model;
    }

    /** Fails once the process is dead. */
    synchronized void alive() throws IOException {
        if (dead) {
            throw new IOException("the process died at operation " + cutAt + " (power cut)");
        }
    }

    /** Counts an operation that changes the disk; fails it if it is the one to cut. */
    synchronized void operation(String what, Path path) throws IOException {
        alive();
        operations++;
        if (operations == cutAt) {
            dead = true;
            throw new IOException("power cut at operation " + operations + ": " + what + " " + path);
        }
    }

    synchronized void write(String what, Path path, DiskModel.Node node) throws IOException {
        operation(what, path);
        if (!(node instanceof DiskModel.FileNode file)) {
            throw new UnsupportedOperationException(what + " of " + path + ": not a file of the modelled tree");
        }
        DiskModel.written(file, path);
    }

    synchronized void force(Path path, DiskModel.Node node, FileChannel delegate) throws IOException {
        operation("force", path);
        switch (node) {
            case DiskModel.FileNode file -> DiskModel.forced(file, delegate);
            case DiskModel.DirNode dir -> DiskModel.forced(dir);
            case null -> throw new UnsupportedOperationException("force of " + path + ": outside the modelled tree");
        }
    }

    private Path real(Path path) {
        if (path instanceof PowerLossPath ours && ours.getFileSystem() == fs) {
            return ours.delegate().toAbsolutePath().normalize();
        }
        throw new ProviderMismatchException("not a path of this power-loss file system: " + path);
    }

    /** The real path of one the write changes, which must be inside the modelled tree. */
    private Path modelled(Path path) {
        Path real = real(path);
        if (!model.contains(real)) {
            throw new UnsupportedOperationException("a change outside the modelled tree: " + real);
        }
        return real;
    }

    @Override
    public String getScheme() {
        return "powerloss";
    }

    @Override
    public FileSystem newFileSystem(URI uri, Map<String, ?> env) {
        throw new UnsupportedOperationException("made by PowerLossFileSystem.over");
    }

    @Override
    public FileSystem getFileSystem(URI uri) {
        throw new UnsupportedOperationException("made by PowerLossFileSystem.over");
    }

    @Override
    public Path getPath(URI uri) {
        throw new UnsupportedOperationException("a power-loss path has no URI");
    }

    @Override
    public SeekableByteChannel newByteChannel(Path path, Set<? extends OpenOption> options, FileAttribute<?>... attrs)
            throws IOException {
        return newFileChannel(path, options, attrs);
    }

    @Override
    public synchronized FileChannel newFileChannel(Path path, Set<? extends OpenOption> options,
            FileAttribute<?>... attrs) throws IOException {
        if (options.contains(StandardOpenOption.APPEND)) {
            throw new UnsupportedOperationException("APPEND is not modelled: " + path);
        }
        boolean writes = options.contains(StandardOpenOption.WRITE);
        Set<OpenOption> readToo = new HashSet<>(options);
        readToo.add(StandardOpenOption.READ);
        Path real;
        FileChannel delegate;
        if (writes) {
            real = modelled(path);
            operation("open for writing", path);
            delegate = model.open(real, readToo, attrs);
        } else {
            real = real(path);
            alive();
            delegate = FileChannel.open(real, readToo, attrs);
        }
        DiskModel.Node node = model.contains(real) ? model.lookup(real) : null;
        if (writes && options.contains(StandardOpenOption.TRUNCATE_EXISTING)
                && node instanceof DiskModel.FileNode file) {
            DiskModel.written(file, path);
        }
        return new PowerLossChannel(this, path, delegate, node, options.contains(StandardOpenOption.READ) || !writes);
    }

    @Override
    public synchronized DirectoryStream<Path> newDirectoryStream(Path dir, DirectoryStream.Filter<? super Path> filter)
            throws IOException {
        alive();
        return new Listing(dir, Files.newDirectoryStream(real(dir)), filter);
    }

    @Override
    public synchronized void createDirectory(Path dir, FileAttribute<?>... attrs) throws IOException {
        Path real = modelled(dir);
        operation("create directory", dir);
        model.createDirectory(real, attrs);
    }

    @Override
    public synchronized void delete(Path path) throws IOException {
        Path real = modelled(path);
        operation("delete", path);
        model.delete(real);
    }

    @Override
    public void copy(Path source, Path target, CopyOption... options) {
        throw new UnsupportedOperationException("copying is not modelled: " + source + " to " + target);
    }

    @Override
    public synchronized void move(Path source, Path target, CopyOption... options) throws IOException {
        Path from = modelled(source);
        Path to = modelled(target);
        operation("move to " + target, source);
        model.move(from, to, options);
    }

    @Override
    public synchronized boolean isSameFile(Path path, Path path2) throws IOException {
        alive();
        return Files.isSameFile(real(path), real(path2));
    }

    @Override
    public synchronized boolean isHidden(Path path) throws IOException {
        alive();
        return Files.isHidden(real(path));
    }

    @Override
    public FileStore getFileStore(Path path) {
        throw new UnsupportedOperationException("file stores of a power-loss file system");
    }

    @Override
    public synchronized void checkAccess(Path path, AccessMode... modes) throws IOException {
        alive();
        Path real = real(path);
        real.getFileSystem().provider().checkAccess(real, modes);
    }

    /** None: a view could change attributes behind the model's back; reads go through readAttributes. */
    @Override
    public <V extends FileAttributeView> V getFileAttributeView(Path path, Class<V> type, LinkOption... options) {
        return null;
    }

    @Override
    public synchronized <A extends BasicFileAttributes> A readAttributes(Path path, Class<A> type,
            LinkOption... options) throws IOException {
        alive();
        return Files.readAttributes(real(path), type, options);
    }

    @Override
    public synchronized Map<String, Object> readAttributes(Path path, String attributes, LinkOption... options)
            throws IOException {
        alive();
        return Files.readAttributes(real(path), attributes, options);
    }

    @Override
    public void setAttribute(Path path, String attribute, Object value, LinkOption... options) {
        throw new UnsupportedOperationException("changing attributes is not modelled: " + path);
    }

    /** A listing of the directory underneath, its entries as paths of this file system. */
    private static final class Listing implements DirectoryStream<Path> {
        private final Path dir;
        private final DirectoryStream<Path> delegate;
        private final Filter<? super Path> filter;

        Listing(Path dir, DirectoryStream<Path> delegate, Filter<? super Path> filter) {
            this.dir = dir;
            this.delegate = delegate;
            this.filter = filter;
        }

        @Override
        public Iterator<Path> iterator() {
            Iterator<Path> real = delegate.iterator();
            return new Iterator<>() {
                private Path next;

                @Override
                public boolean hasNext() {
                    while (next == null && real.hasNext()) {
                        Path candidate = dir.resolve(real.next().getFileName().toString());
                        try {
                            if (filter.accept(candidate)) {
                                next = candidate;
                            }
                        } catch (IOException e) {
                            throw new DirectoryIteratorException(e);
                        }
                    }
                    return next != null;
                }

                @Override
                public Path next() {
                    if (!hasNext()) {
                        throw new NoSuchElementException();
                    }
                    Path result = next;
                    next = null;
                    return result;
                }
            };
        }

        @Override
        public void close() throws IOException {
            delegate.close();
        }
    }
}
