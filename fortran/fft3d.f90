! fft3d: Fortran 2008 bindings to the fft3d C API (include/fft3d.h).
!
! The module is a thin layer over ISO_C_BINDING: every C function has a
! bind(c) interface of the same name, taking and returning the same values
! (the wisdom functions take a Fortran character path instead of a C string,
! and fft3d_forward_host / fft3d_inverse_host also take arrays).
!
!   - A plan is a type(c_ptr) (the C fft3d_plan); c_null_ptr after a failed
!     create, like the C API.
!   - Statuses, types and flags are integer(c_int) parameters with the C
!     values. The C flags are `unsigned`; they are passed as c_int with the
!     same bits (combine them with ior(), or with + since the bits differ).
!   - Layout: an array A(nx,ny,nz) as it stands is what a 3-D plan of size
!     (nx,ny,nz) expects (x contiguous, then y, then z); batched 1-D rows are
!     the columns of A(n,batch). Complex values are complex(c_float_complex)
!     or complex(c_double_complex) (interleaved re, im, as in C).
!   - Transforms are in place and unnormalised unless the plan was created
!     with FFT3D_NORMALIZE: forward uses exp(-2 pi i jk/n), inverse
!     exp(+2 pi i jk/n).
!   - Nothing prints or aborts: every function returns a status, and
!     fft3d_error_message(status) gives a readable text including the detail
!     of the calling thread's last failure.
!
! Host arrays on any plan: fft3d_forward_host(plan, A) / fft3d_inverse_host
! take a host array A(nx,ny,nz) (or A(n,batch) for batched rows) of
! complex(c_float_complex), complex(c_double_complex), real(c_float) or
! real(c_double), contiguous, as it stands. On a CPU plan that is the ordinary
! transform; on a GPU plan the library copies A to the device through pinned
! staging buffers, transforms it and copies it back, returning when A holds
! the result (a 3-D transform needs the whole volume on the device, so its
! copies cannot overlap the transform; batched rows are pipelined in chunks).
! Real plans (FFT3D_R2C_*) take the padded in-place layout: a real array
! R(2*(nx/2+1),ny,nz) whose first nx values per row are the data; after the
! forward the same memory holds the complex spectrum Z(nx/2+1,ny,nz): view it
! with p = c_loc(R); call c_f_pointer(p, Z, [nx/2+1, ny, nz]) (through a
! type(c_ptr) variable: gfortran 12 rejects c_loc(R) written inside the
! c_f_pointer call when c_loc comes through this module). fft3d_forward_host
! also takes a type(c_ptr) to host memory.
!
! Device pointers: a GPU plan's fft3d_forward / fft3d_inverse take a device
! address as a type(c_ptr) (c_devloc(A) from CUDA Fortran, the address OpenACC
! gives inside `host_data use_device(A)`, or fft3d_device_malloc). The device
! helpers fft3d_device_malloc / _free / fft3d_memcpy_to_device / _to_host need
! no CUDA Fortran; without a device they return FFT3D_ERROR_NO_DEVICE.
! fft3d_forward_array / fft3d_inverse_array (complex arrays, CPU plans only)
! remain for existing code; fft3d_forward_host does the same and more.
!
! Example:
!   use fft3d
!   type(c_ptr) :: plan
!   complex(c_double_complex), allocatable, target :: a(:,:,:)
!   allocate(a(nx,ny,nz))
!   st = fft3d_plan_create_3d(plan, nx, ny, nz, FFT3D_C2C_F64, &
!                             ior(FFT3D_ESTIMATE, FFT3D_BACKEND_CPU))
!   if (st /= FFT3D_SUCCESS) print *, fft3d_error_message(st)
!   st = fft3d_forward_host(plan, a)
!   st = fft3d_plan_destroy(plan)
module fft3d
  use, intrinsic :: iso_c_binding, only: c_int, c_long_long, c_size_t, c_char, c_ptr, &
                                         c_null_ptr, c_null_char, c_associated, c_loc, &
                                         c_f_pointer, c_float_complex, c_double_complex, &
                                         c_float, c_double, c_funptr, c_null_funptr, c_funloc
  implicit none
  private

  ! Re-exported so that `use fft3d` is enough for the common cases.
  public :: c_int, c_long_long, c_size_t, c_char, c_ptr, c_null_ptr, c_associated, c_loc, &
            c_float_complex, c_double_complex, c_float, c_double, c_funptr, c_null_funptr, c_funloc

  ! fft3d_status (same order as the C enum)
  integer(c_int), parameter, public :: FFT3D_SUCCESS = 0
  integer(c_int), parameter, public :: FFT3D_ERROR_INVALID_ARGUMENT = 1
  integer(c_int), parameter, public :: FFT3D_ERROR_UNSUPPORTED_SIZE = 2
  integer(c_int), parameter, public :: FFT3D_ERROR_INVALID_POINTER = 3
  integer(c_int), parameter, public :: FFT3D_ERROR_OUT_OF_MEMORY = 4
  integer(c_int), parameter, public :: FFT3D_ERROR_NO_DEVICE = 5
  integer(c_int), parameter, public :: FFT3D_ERROR_CUDA = 6
  integer(c_int), parameter, public :: FFT3D_ERROR_NVRTC = 7
  integer(c_int), parameter, public :: FFT3D_ERROR_WISDOM = 8
  integer(c_int), parameter, public :: FFT3D_ERROR_MPI = 9
  integer(c_int), parameter, public :: FFT3D_ERROR_INTERNAL = 10

  ! fft3d_type
  integer(c_int), parameter, public :: FFT3D_C2C_F32 = 0
  integer(c_int), parameter, public :: FFT3D_C2C_F64 = 1
  integer(c_int), parameter, public :: FFT3D_R2C_F32 = 2
  integer(c_int), parameter, public :: FFT3D_R2C_F64 = 3

  ! flags: tuning mode | backend | normalisation (C: unsigned, same bits)
  integer(c_int), parameter, public :: FFT3D_ESTIMATE = 0
  integer(c_int), parameter, public :: FFT3D_MEASURE = 1
  integer(c_int), parameter, public :: FFT3D_EXHAUSTIVE = 2
  integer(c_int), parameter, public :: FFT3D_BACKEND_CPU = 256   ! 1 << 8
  integer(c_int), parameter, public :: FFT3D_BACKEND_GPU = 512   ! 1 << 9
  integer(c_int), parameter, public :: FFT3D_NORMALIZE = 4096    ! 1 << 12

  integer(c_int), parameter, public :: FFT3D_VERSION_MAJOR = 0
  integer(c_int), parameter, public :: FFT3D_VERSION_MINOR = 1
  integer(c_int), parameter, public :: FFT3D_VERSION_PATCH = 0

  public :: fft3d_plan_create_3d, fft3d_plan_create_1d_batched, fft3d_plan_destroy
  public :: fft3d_forward, fft3d_inverse, fft3d_forward_out, fft3d_inverse_out
  public :: fft3d_set_stream, fft3d_forward_on_stream, fft3d_inverse_on_stream
  public :: fft3d_plan_get_backend, fft3d_plan_describe
  public :: fft3d_error_string, fft3d_last_error_message, fft3d_version_string
  public :: fft3d_string, fft3d_error_message, fft3d_describe
  public :: fft3d_forward_array, fft3d_inverse_array
  public :: fft3d_forward_host, fft3d_inverse_host
  public :: fft3d_device_available, fft3d_device_malloc, fft3d_device_free
  public :: fft3d_memcpy_to_device, fft3d_memcpy_to_host, fft3d_device_name, fft3d_device_name_string
  public :: fft3d_wisdom_import, fft3d_wisdom_export, fft3d_wisdom_forget
  public :: fft3d_set_tuning_budget, fft3d_set_progress_callback

  interface
    ! Plans. On failure plan is set to c_null_ptr.
    function fft3d_plan_create_3d(plan, nx, ny, nz, type, flags) result(status) &
        bind(c, name='fft3d_plan_create_3d')
      import :: c_int, c_ptr
      type(c_ptr), intent(out) :: plan
      integer(c_int), value, intent(in) :: nx, ny, nz, type, flags
      integer(c_int) :: status
    end function fft3d_plan_create_3d

    function fft3d_plan_create_1d_batched(plan, n, batch, type, flags) result(status) &
        bind(c, name='fft3d_plan_create_1d_batched')
      import :: c_int, c_long_long, c_ptr
      type(c_ptr), intent(out) :: plan
      integer(c_int), value, intent(in) :: n
      integer(c_long_long), value, intent(in) :: batch
      integer(c_int), value, intent(in) :: type, flags
      integer(c_int) :: status
    end function fft3d_plan_create_1d_batched

    ! Destroying c_null_ptr is a no-op; destroying a plan twice returns
    ! FFT3D_ERROR_INVALID_ARGUMENT.
    function fft3d_plan_destroy(plan) result(status) bind(c, name='fft3d_plan_destroy')
      import :: c_int, c_ptr
      type(c_ptr), value, intent(in) :: plan
      integer(c_int) :: status
    end function fft3d_plan_destroy

    ! In place. data: a host address (c_loc(A)) for CPU plans, a device
    ! address for GPU plans.
    function fft3d_forward(plan, data) result(status) bind(c, name='fft3d_forward')
      import :: c_int, c_ptr
      type(c_ptr), value, intent(in) :: plan, data
      integer(c_int) :: status
    end function fft3d_forward

    function fft3d_inverse(plan, data) result(status) bind(c, name='fft3d_inverse')
      import :: c_int, c_ptr
      type(c_ptr), value, intent(in) :: plan, data
      integer(c_int) :: status
    end function fft3d_inverse

    ! Out of place: in is left untouched, out receives the transform.
    function fft3d_forward_out(plan, in, out) result(status) bind(c, name='fft3d_forward_out')
      import :: c_int, c_ptr
      type(c_ptr), value, intent(in) :: plan, in, out
      integer(c_int) :: status
    end function fft3d_forward_out

    function fft3d_inverse_out(plan, in, out) result(status) bind(c, name='fft3d_inverse_out')
      import :: c_int, c_ptr
      type(c_ptr), value, intent(in) :: plan, in, out
      integer(c_int) :: status
    end function fft3d_inverse_out

    ! stream: a cudaStream_t as a type(c_ptr) (c_null_ptr: the legacy default
    ! stream). CPU plans accept and ignore it.
    function fft3d_set_stream(plan, stream) result(status) bind(c, name='fft3d_set_stream')
      import :: c_int, c_ptr
      type(c_ptr), value, intent(in) :: plan, stream
      integer(c_int) :: status
    end function fft3d_set_stream

    function fft3d_forward_on_stream(plan, data, stream) result(status) &
        bind(c, name='fft3d_forward_on_stream')
      import :: c_int, c_ptr
      type(c_ptr), value, intent(in) :: plan, data, stream
      integer(c_int) :: status
    end function fft3d_forward_on_stream

    function fft3d_inverse_on_stream(plan, data, stream) result(status) &
        bind(c, name='fft3d_inverse_on_stream')
      import :: c_int, c_ptr
      type(c_ptr), value, intent(in) :: plan, data, stream
      integer(c_int) :: status
    end function fft3d_inverse_on_stream

    ! backend receives FFT3D_BACKEND_CPU or FFT3D_BACKEND_GPU.
    function fft3d_plan_get_backend(plan, backend) result(status) &
        bind(c, name='fft3d_plan_get_backend')
      import :: c_int, c_ptr
      type(c_ptr), value, intent(in) :: plan
      integer(c_int), intent(out) :: backend
      integer(c_int) :: status
    end function fft3d_plan_get_backend

    ! Writes at most len characters including the terminating NUL into buf;
    ! needed receives the full length + 1. fft3d_describe(plan) wraps it.
    function fft3d_plan_describe(plan, buf, len, needed) result(status) &
        bind(c, name='fft3d_plan_describe')
      import :: c_int, c_ptr, c_char, c_size_t
      type(c_ptr), value, intent(in) :: plan
      character(kind=c_char), dimension(*), intent(inout) :: buf
      integer(c_size_t), value, intent(in) :: len
      integer(c_size_t), intent(out) :: needed
      integer(c_int) :: status
    end function fft3d_plan_describe

    ! These return a pointer to a NUL-terminated C string owned by the
    ! library; fft3d_string(p) turns it into a Fortran character.
    function fft3d_error_string(status) result(p) bind(c, name='fft3d_error_string')
      import :: c_int, c_ptr
      integer(c_int), value, intent(in) :: status
      type(c_ptr) :: p
    end function fft3d_error_string

    function fft3d_last_error_message() result(p) bind(c, name='fft3d_last_error_message')
      import :: c_ptr
      type(c_ptr) :: p
    end function fft3d_last_error_message

    function fft3d_version_string() result(p) bind(c, name='fft3d_version_string')
      import :: c_ptr
      type(c_ptr) :: p
    end function fft3d_version_string

    ! Device memory without CUDA Fortran. available: 1 or 0. Without a
    ! device the others return FFT3D_ERROR_NO_DEVICE (fft3d_device_free of
    ! c_null_ptr is a no-op). The copies wait for all device work first.
    function fft3d_device_available(available) result(status) bind(c, name='fft3d_device_available')
      import :: c_int
      integer(c_int), intent(out) :: available
      integer(c_int) :: status
    end function fft3d_device_available

    function fft3d_device_malloc(ptr, bytes) result(status) bind(c, name='fft3d_device_malloc')
      import :: c_int, c_ptr, c_size_t
      type(c_ptr), intent(out) :: ptr
      integer(c_size_t), value, intent(in) :: bytes
      integer(c_int) :: status
    end function fft3d_device_malloc

    function fft3d_device_free(ptr) result(status) bind(c, name='fft3d_device_free')
      import :: c_int, c_ptr
      type(c_ptr), value, intent(in) :: ptr
      integer(c_int) :: status
    end function fft3d_device_free

    ! dst: device address; src: host address, e.g. c_loc(A).
    function fft3d_memcpy_to_device(dst, src, bytes) result(status) bind(c, name='fft3d_memcpy_to_device')
      import :: c_int, c_ptr, c_size_t
      type(c_ptr), value, intent(in) :: dst, src
      integer(c_size_t), value, intent(in) :: bytes
      integer(c_int) :: status
    end function fft3d_memcpy_to_device

    ! dst: host address; src: device address.
    function fft3d_memcpy_to_host(dst, src, bytes) result(status) bind(c, name='fft3d_memcpy_to_host')
      import :: c_int, c_ptr, c_size_t
      type(c_ptr), value, intent(in) :: dst, src
      integer(c_size_t), value, intent(in) :: bytes
      integer(c_int) :: status
    end function fft3d_memcpy_to_host

    ! Like fft3d_plan_describe; fft3d_device_name_string() wraps it.
    function fft3d_device_name(buf, len, needed) result(status) bind(c, name='fft3d_device_name')
      import :: c_int, c_char, c_size_t
      character(kind=c_char), dimension(*), intent(inout) :: buf
      integer(c_size_t), value, intent(in) :: len
      integer(c_size_t), intent(out) :: needed
      integer(c_int) :: status
    end function fft3d_device_name

    function fft3d_wisdom_forget() result(status) bind(c, name='fft3d_wisdom_forget')
      import :: c_int
      integer(c_int) :: status
    end function fft3d_wisdom_forget

    ! Tuning of FFT3D_MEASURE / FFT3D_EXHAUSTIVE GPU plans, for the process:
    ! seconds per plan (negative: no limit; 0: ESTIMATE variant only; NaN:
    ! FFT3D_ERROR_INVALID_ARGUMENT).
    function fft3d_set_tuning_budget(seconds) result(status) bind(c, name='fft3d_set_tuning_budget')
      import :: c_int, c_double
      real(c_double), value, intent(in) :: seconds
      integer(c_int) :: status
    end function fft3d_set_tuning_budget

    ! cb = c_funloc(progress) of a
    !   subroutine progress(fraction, text, user) bind(c)
    !     real(c_double), value :: fraction
    !     type(c_ptr), value :: text, user   ! fft3d_string(text): the line
    ! or c_null_funptr to remove it; user is passed back as given.
    function fft3d_set_progress_callback(cb, user) result(status) bind(c, name='fft3d_set_progress_callback')
      import :: c_int, c_funptr, c_ptr
      type(c_funptr), value, intent(in) :: cb
      type(c_ptr), value, intent(in) :: user
      integer(c_int) :: status
    end function fft3d_set_progress_callback
  end interface

  ! The C wisdom functions take NUL-terminated paths; the module's
  ! fft3d_wisdom_import / _export take a Fortran character and add the NUL.
  interface
    function c_wisdom_import(path) result(status) bind(c, name='fft3d_wisdom_import')
      import :: c_int, c_char
      character(kind=c_char), dimension(*), intent(in) :: path
      integer(c_int) :: status
    end function c_wisdom_import

    function c_wisdom_export(path) result(status) bind(c, name='fft3d_wisdom_export')
      import :: c_int, c_char
      character(kind=c_char), dimension(*), intent(in) :: path
      integer(c_int) :: status
    end function c_wisdom_export
  end interface

  ! Host arrays on plans of either backend (see the note at the top):
  ! status = fft3d_forward_host(plan, A) with A(nx,ny,nz) or A(n,batch),
  ! complex(c_float_complex) / complex(c_double_complex) / real(c_float) /
  ! real(c_double) to match the plan's type and precision, contiguous, holding
  ! exactly the plan's data (real plans: the padded layout). The library
  ! cannot check the kind or the size. Or a type(c_ptr) to host memory.
  interface fft3d_forward_host
    function fft3d_forward_host(plan, host) result(status) bind(c, name='fft3d_forward_host')
      import :: c_int, c_ptr
      type(c_ptr), value, intent(in) :: plan, host
      integer(c_int) :: status
    end function fft3d_forward_host
    module procedure host_forward_c32_3d, host_forward_c32_2d, host_forward_c64_3d, host_forward_c64_2d, &
                     host_forward_r32_3d, host_forward_r32_2d, host_forward_r64_3d, host_forward_r64_2d
  end interface fft3d_forward_host

  interface fft3d_inverse_host
    function fft3d_inverse_host(plan, host) result(status) bind(c, name='fft3d_inverse_host')
      import :: c_int, c_ptr
      type(c_ptr), value, intent(in) :: plan, host
      integer(c_int) :: status
    end function fft3d_inverse_host
    module procedure host_inverse_c32_3d, host_inverse_c32_2d, host_inverse_c64_3d, host_inverse_c64_2d, &
                     host_inverse_r32_3d, host_inverse_r32_2d, host_inverse_r64_3d, host_inverse_r64_2d
  end interface fft3d_inverse_host

  interface
    function c_strlen(s) result(n) bind(c, name='strlen')
      import :: c_ptr, c_size_t
      type(c_ptr), value, intent(in) :: s
      integer(c_size_t) :: n
    end function c_strlen
  end interface

  ! Host arrays on CPU plans: status = fft3d_forward_array(plan, A) with
  ! A(nx,ny,nz) for 3-D plans or A(n,batch) for batched rows, complex of kind
  ! c_float_complex (F32 plans) or c_double_complex (F64 plans). The array
  ! must be contiguous and hold exactly the plan's elements; the kind must
  ! match the plan's precision (the C library cannot check either).
  ! GPU plans: pass a device pointer to fft3d_forward / fft3d_inverse (see
  ! the note at the top); host arrays on GPU plans will be supported by host
  ! entry points in a later version.
  interface fft3d_forward_array
    module procedure forward_c32_3d, forward_c64_3d, forward_c32_2d, forward_c64_2d
  end interface fft3d_forward_array

  interface fft3d_inverse_array
    module procedure inverse_c32_3d, inverse_c64_3d, inverse_c32_2d, inverse_c64_2d
  end interface fft3d_inverse_array

contains

  ! A NUL-terminated C string as a Fortran character ("" for c_null_ptr).
  function fft3d_string(p) result(s)
    type(c_ptr), intent(in) :: p
    character(len=:), allocatable :: s
    character(kind=c_char), dimension(:), pointer :: chars
    integer :: n, i

    if (.not. c_associated(p)) then
      s = ''
      return
    end if
    n = int(c_strlen(p))
    call c_f_pointer(p, chars, [n])
    allocate(character(len=n) :: s)
    do i = 1, n
      s(i:i) = chars(i)
    end do
  end function fft3d_string

  ! "invalid argument: <detail>" for a status, with the calling thread's last
  ! failure detail when there is one.
  function fft3d_error_message(status) result(s)
    integer(c_int), intent(in) :: status
    character(len=:), allocatable :: s
    character(len=:), allocatable :: detail

    s = fft3d_string(fft3d_error_string(status))
    if (status == FFT3D_SUCCESS) return
    detail = fft3d_string(fft3d_last_error_message())
    if (len(detail) > 0) s = s // ': ' // detail
  end function fft3d_error_message

  ! The plan's schedule as text; on failure the error message.
  function fft3d_describe(plan) result(s)
    type(c_ptr), intent(in) :: plan
    character(len=:), allocatable :: s
    character(kind=c_char), dimension(1) :: probe
    character(kind=c_char), dimension(:), allocatable :: buf
    integer(c_size_t) :: needed
    integer(c_int) :: status
    integer :: n, i

    needed = 0
    status = fft3d_plan_describe(plan, probe, 1_c_size_t, needed)
    if (status /= FFT3D_SUCCESS) then
      s = fft3d_error_message(status)
      return
    end if
    allocate(buf(max(needed, 1_c_size_t)))
    status = fft3d_plan_describe(plan, buf, int(size(buf), c_size_t), needed)
    if (status /= FFT3D_SUCCESS) then
      s = fft3d_error_message(status)
      return
    end if
    n = 0
    do while (n < size(buf))
      if (buf(n + 1) == c_null_char) exit
      n = n + 1
    end do
    allocate(character(len=n) :: s)
    do i = 1, n
      s(i:i) = buf(i)
    end do
  end function fft3d_describe

  function forward_c32_3d(plan, a) result(status)
    type(c_ptr), intent(in) :: plan
    complex(c_float_complex), dimension(:,:,:), contiguous, target, intent(inout) :: a
    integer(c_int) :: status
    status = fft3d_forward(plan, c_loc(a))
  end function forward_c32_3d

  function forward_c64_3d(plan, a) result(status)
    type(c_ptr), intent(in) :: plan
    complex(c_double_complex), dimension(:,:,:), contiguous, target, intent(inout) :: a
    integer(c_int) :: status
    status = fft3d_forward(plan, c_loc(a))
  end function forward_c64_3d

  function forward_c32_2d(plan, a) result(status)
    type(c_ptr), intent(in) :: plan
    complex(c_float_complex), dimension(:,:), contiguous, target, intent(inout) :: a
    integer(c_int) :: status
    status = fft3d_forward(plan, c_loc(a))
  end function forward_c32_2d

  function forward_c64_2d(plan, a) result(status)
    type(c_ptr), intent(in) :: plan
    complex(c_double_complex), dimension(:,:), contiguous, target, intent(inout) :: a
    integer(c_int) :: status
    status = fft3d_forward(plan, c_loc(a))
  end function forward_c64_2d

  function inverse_c32_3d(plan, a) result(status)
    type(c_ptr), intent(in) :: plan
    complex(c_float_complex), dimension(:,:,:), contiguous, target, intent(inout) :: a
    integer(c_int) :: status
    status = fft3d_inverse(plan, c_loc(a))
  end function inverse_c32_3d

  function inverse_c64_3d(plan, a) result(status)
    type(c_ptr), intent(in) :: plan
    complex(c_double_complex), dimension(:,:,:), contiguous, target, intent(inout) :: a
    integer(c_int) :: status
    status = fft3d_inverse(plan, c_loc(a))
  end function inverse_c64_3d

  function inverse_c32_2d(plan, a) result(status)
    type(c_ptr), intent(in) :: plan
    complex(c_float_complex), dimension(:,:), contiguous, target, intent(inout) :: a
    integer(c_int) :: status
    status = fft3d_inverse(plan, c_loc(a))
  end function inverse_c32_2d

  function inverse_c64_2d(plan, a) result(status)
    type(c_ptr), intent(in) :: plan
    complex(c_double_complex), dimension(:,:), contiguous, target, intent(inout) :: a
    integer(c_int) :: status
    status = fft3d_inverse(plan, c_loc(a))
  end function inverse_c64_2d

  ! Wisdom files: path is a Fortran character (trailing blanks are kept off).
  function fft3d_wisdom_import(path) result(status)
    character(len=*), intent(in) :: path
    integer(c_int) :: status
    status = c_wisdom_import(trim(path) // c_null_char)
  end function fft3d_wisdom_import

  function fft3d_wisdom_export(path) result(status)
    character(len=*), intent(in) :: path
    integer(c_int) :: status
    status = c_wisdom_export(trim(path) // c_null_char)
  end function fft3d_wisdom_export

  ! The current device's name; "" without a device (the status of the call
  ! in status, if present).
  function fft3d_device_name_string(status) result(s)
    integer(c_int), intent(out), optional :: status
    character(len=:), allocatable :: s
    character(kind=c_char), dimension(256) :: buf
    integer(c_size_t) :: needed
    integer(c_int) :: st
    integer :: n, i

    s = ''
    needed = 0
    st = fft3d_device_name(buf, int(size(buf), c_size_t), needed)
    if (present(status)) status = st
    if (st /= FFT3D_SUCCESS) return
    n = 0
    do while (n < size(buf))
      if (buf(n + 1) == c_null_char) exit
      n = n + 1
    end do
    allocate(character(len=n) :: s)
    do i = 1, n
      s(i:i) = buf(i)
    end do
  end function fft3d_device_name_string

  function host_forward_c32_3d(plan, a) result(status)
    type(c_ptr), intent(in) :: plan
    complex(c_float_complex), dimension(:,:,:), contiguous, target, intent(inout) :: a
    integer(c_int) :: status
    status = fft3d_forward_host(plan, c_loc(a))
  end function host_forward_c32_3d

  function host_forward_c32_2d(plan, a) result(status)
    type(c_ptr), intent(in) :: plan
    complex(c_float_complex), dimension(:,:), contiguous, target, intent(inout) :: a
    integer(c_int) :: status
    status = fft3d_forward_host(plan, c_loc(a))
  end function host_forward_c32_2d

  function host_forward_c64_3d(plan, a) result(status)
    type(c_ptr), intent(in) :: plan
    complex(c_double_complex), dimension(:,:,:), contiguous, target, intent(inout) :: a
    integer(c_int) :: status
    status = fft3d_forward_host(plan, c_loc(a))
  end function host_forward_c64_3d

  function host_forward_c64_2d(plan, a) result(status)
    type(c_ptr), intent(in) :: plan
    complex(c_double_complex), dimension(:,:), contiguous, target, intent(inout) :: a
    integer(c_int) :: status
    status = fft3d_forward_host(plan, c_loc(a))
  end function host_forward_c64_2d

  function host_forward_r32_3d(plan, a) result(status)
    type(c_ptr), intent(in) :: plan
    real(c_float), dimension(:,:,:), contiguous, target, intent(inout) :: a
    integer(c_int) :: status
    status = fft3d_forward_host(plan, c_loc(a))
  end function host_forward_r32_3d

  function host_forward_r32_2d(plan, a) result(status)
    type(c_ptr), intent(in) :: plan
    real(c_float), dimension(:,:), contiguous, target, intent(inout) :: a
    integer(c_int) :: status
    status = fft3d_forward_host(plan, c_loc(a))
  end function host_forward_r32_2d

  function host_forward_r64_3d(plan, a) result(status)
    type(c_ptr), intent(in) :: plan
    real(c_double), dimension(:,:,:), contiguous, target, intent(inout) :: a
    integer(c_int) :: status
    status = fft3d_forward_host(plan, c_loc(a))
  end function host_forward_r64_3d

  function host_forward_r64_2d(plan, a) result(status)
    type(c_ptr), intent(in) :: plan
    real(c_double), dimension(:,:), contiguous, target, intent(inout) :: a
    integer(c_int) :: status
    status = fft3d_forward_host(plan, c_loc(a))
  end function host_forward_r64_2d

  function host_inverse_c32_3d(plan, a) result(status)
    type(c_ptr), intent(in) :: plan
    complex(c_float_complex), dimension(:,:,:), contiguous, target, intent(inout) :: a
    integer(c_int) :: status
    status = fft3d_inverse_host(plan, c_loc(a))
  end function host_inverse_c32_3d

  function host_inverse_c32_2d(plan, a) result(status)
    type(c_ptr), intent(in) :: plan
    complex(c_float_complex), dimension(:,:), contiguous, target, intent(inout) :: a
    integer(c_int) :: status
    status = fft3d_inverse_host(plan, c_loc(a))
  end function host_inverse_c32_2d

  function host_inverse_c64_3d(plan, a) result(status)
    type(c_ptr), intent(in) :: plan
    complex(c_double_complex), dimension(:,:,:), contiguous, target, intent(inout) :: a
    integer(c_int) :: status
    status = fft3d_inverse_host(plan, c_loc(a))
  end function host_inverse_c64_3d

  function host_inverse_c64_2d(plan, a) result(status)
    type(c_ptr), intent(in) :: plan
    complex(c_double_complex), dimension(:,:), contiguous, target, intent(inout) :: a
    integer(c_int) :: status
    status = fft3d_inverse_host(plan, c_loc(a))
  end function host_inverse_c64_2d

  function host_inverse_r32_3d(plan, a) result(status)
    type(c_ptr), intent(in) :: plan
    real(c_float), dimension(:,:,:), contiguous, target, intent(inout) :: a
    integer(c_int) :: status
    status = fft3d_inverse_host(plan, c_loc(a))
  end function host_inverse_r32_3d

  function host_inverse_r32_2d(plan, a) result(status)
    type(c_ptr), intent(in) :: plan
    real(c_float), dimension(:,:), contiguous, target, intent(inout) :: a
    integer(c_int) :: status
    status = fft3d_inverse_host(plan, c_loc(a))
  end function host_inverse_r32_2d

  function host_inverse_r64_3d(plan, a) result(status)
    type(c_ptr), intent(in) :: plan
    real(c_double), dimension(:,:,:), contiguous, target, intent(inout) :: a
    integer(c_int) :: status
    status = fft3d_inverse_host(plan, c_loc(a))
  end function host_inverse_r64_3d

  function host_inverse_r64_2d(plan, a) result(status)
    type(c_ptr), intent(in) :: plan
    real(c_double), dimension(:,:), contiguous, target, intent(inout) :: a
    integer(c_int) :: status
    status = fft3d_inverse_host(plan, c_loc(a))
  end function host_inverse_r64_2d

end module fft3d
