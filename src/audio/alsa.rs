//! Sound output through ALSA's libasound, loaded at run time (as the
//! window loads libX11), so building Parlour needs no sound headers and a
//! machine without the library or a sound card simply stays silent.
//! libasound's own error messages are turned off, since having no sound
//! card is not an error worth a word.

use std::ffi::{CStr, c_char, c_int, c_long, c_uint, c_ulong, c_void};

type Pcm = c_void;
type OpenFn = unsafe extern "C" fn(*mut *mut Pcm, *const c_char, c_int, c_int) -> c_int;
type SetParamsFn = unsafe extern "C" fn(*mut Pcm, c_int, c_int, c_uint, c_uint, c_int, c_uint) -> c_int;
type WriteFn = unsafe extern "C" fn(*mut Pcm, *const c_void, c_ulong) -> c_long;
type RecoverFn = unsafe extern "C" fn(*mut Pcm, c_int, c_int) -> c_int;
type PcmFn = unsafe extern "C" fn(*mut Pcm) -> c_int;
/// libasound calls its error handler with printf-style arguments after
/// these; a handler that ignores everything needs only the fixed ones.
type ErrorHandler = unsafe extern "C" fn(*const c_char, c_int, *const c_char, c_int, *const c_char);
type SetHandlerFn = unsafe extern "C" fn(Option<ErrorHandler>) -> c_int;

const STREAM_PLAYBACK: c_int = 0;
const FORMAT_S16_LE: c_int = 2;
const ACCESS_RW_INTERLEAVED: c_int = 3;
/// How much sound the device may hold ahead: a tenth of a second.
const LATENCY_US: c_uint = 100_000;

unsafe extern "C" fn quiet(_: *const c_char, _: c_int, _: *const c_char, _: c_int, _: *const c_char) {}

/// An open playback device.
pub struct Output {
    pcm: *mut Pcm,
    write: WriteFn,
    recover: RecoverFn,
    prepare: PcmFn,
    drain: PcmFn,
    close: PcmFn,
}

// The device is used by the one thread that opened it.
unsafe impl Send for Output {}

/// Looks up `name` in the library `lib` as a function of type `T`.
///
/// # Safety
/// `T` must be the function's true type.
unsafe fn symbol<T: Copy>(lib: *mut c_void, name: &CStr) -> Option<T> {
    // SAFETY: dlsym on a handle from dlopen; the caller vouches for T.
    let p = unsafe { libc::dlsym(lib, name.as_ptr()) };
    (!p.is_null()).then(|| unsafe { std::mem::transmute_copy::<*mut c_void, T>(&p) })
}

impl Output {
    /// Opens the default playback device for 16-bit mono at `rate`, or
    /// `None` when there is no library or no device.
    pub fn open(rate: u32) -> Option<Output> {
        // SAFETY: the library is loaded once and never unloaded; every
        // symbol is given the type its C declaration has.
        unsafe {
            let lib = libc::dlopen(c"libasound.so.2".as_ptr(), libc::RTLD_NOW | libc::RTLD_LOCAL);
            if lib.is_null() {
                return None;
            }
            if let Some(set_handler) = symbol::<SetHandlerFn>(lib, c"snd_lib_error_set_handler") {
                set_handler(Some(quiet));
            }
            let open: OpenFn = symbol(lib, c"snd_pcm_open")?;
            let set_params: SetParamsFn = symbol(lib, c"snd_pcm_set_params")?;
            let mut out = Output {
                pcm: std::ptr::null_mut(),
                write: symbol(lib, c"snd_pcm_writei")?,
                recover: symbol(lib, c"snd_pcm_recover")?,
                prepare: symbol(lib, c"snd_pcm_prepare")?,
                drain: symbol(lib, c"snd_pcm_drain")?,
                close: symbol(lib, c"snd_pcm_close")?,
            };
            if open(&mut out.pcm, c"default".as_ptr(), STREAM_PLAYBACK, 0) < 0 || out.pcm.is_null() {
                return None;
            }
            if set_params(out.pcm, FORMAT_S16_LE, ACCESS_RW_INTERLEAVED, 1, rate, 1, LATENCY_US) < 0 {
                return None;
            }
            Some(out)
        }
    }

    /// Plays `samples` to the end (a sound shorter than the device's
    /// buffer starts only when drained). An error the device cannot recover
    /// from ends output.
    pub fn write(&mut self, samples: &[i16]) -> Result<(), ()> {
        // SAFETY: an open device; after the last drain it needs preparing.
        if unsafe { (self.prepare)(self.pcm) } < 0 {
            return Err(());
        }
        let mut rest = samples;
        while !rest.is_empty() {
            // SAFETY: the buffer holds `rest.len()` frames of one channel.
            let n = unsafe { (self.write)(self.pcm, rest.as_ptr().cast(), rest.len() as c_ulong) };
            if n < 0 {
                // SAFETY: an open device and the error it returned.
                if unsafe { (self.recover)(self.pcm, n as c_int, 1) } < 0 {
                    return Err(());
                }
                continue;
            }
            rest = &rest[(n as usize).min(rest.len())..];
        }
        // SAFETY: an open device.
        unsafe { (self.drain)(self.pcm) };
        Ok(())
    }
}

impl Drop for Output {
    fn drop(&mut self) {
        if !self.pcm.is_null() {
            // SAFETY: an open device, closed once.
            unsafe { (self.close)(self.pcm) };
        }
    }
}
