! Example and test of the fft3d Fortran module on the CPU backend, and on the
! GPU backend when a device is present.
!
! Transforms Fortran arrays A(nx,ny,nz) and A(n,batch) as they stand, checks
! them against a direct DFT computed here, checks the normalised round trip,
! the out-of-place transform, the host entry points (fft3d_forward_host) on
! complex and real arrays, the device memory helpers, wisdom files and the
! status codes of bad calls. Prints "N passed, M failed" last and stops with
! an error if any check failed.
program example_fft3d
  use fft3d
  use, intrinsic :: iso_c_binding, only: c_f_pointer
  use, intrinsic :: ieee_arithmetic, only: ieee_value, ieee_quiet_nan
  implicit none

  integer, parameter :: dp = kind(1.0d0)
  integer(c_int), parameter :: cpu = ior(FFT3D_ESTIMATE, FFT3D_BACKEND_CPU)
  real(dp), parameter :: two_pi = 8.0_dp * atan(1.0_dp)
  integer(c_int), parameter :: nx = 8, ny = 6, nz = 5
  integer(c_int), parameter :: n1 = 12
  integer(c_long_long), parameter :: batch = 7
  integer, parameter :: nfreq = 6
  ! Frequencies checked against the direct DFT (0-based, as in the C docs).
  integer, parameter :: freqs(3, nfreq) = reshape([0, 0, 0, 1, 2, 3, nx - 1, 0, 4, &
                                                   nx / 2, ny / 2, 2, 3, ny - 1, nz - 1, &
                                                   nx - 1, ny - 1, nz - 1], [3, nfreq])

  integer :: npass = 0, nfail = 0

  call random_seed()
  write (*, '(a)') fft3d_string(fft3d_version_string())

  call test_3d_f64()
  call test_3d_f32()
  call test_batched_f64()
  call test_batched_f32()
  call test_round_trip()
  call test_out_of_place()
  call test_plan_queries()
  call test_bad_calls()
  call test_host_arrays(cpu, 'CPU')
  call test_real_host_arrays()
  call test_device_helpers()
  call test_wisdom_files()
  call test_tuning_settings()
  call test_bad_host_calls()

  write (*, '(i0, a, i0, a)') npass, ' passed, ', nfail, ' failed'
  if (nfail > 0) error stop 1

contains

  subroutine check(ok, what)
    logical, intent(in) :: ok
    character(len=*), intent(in) :: what
    if (ok) then
      npass = npass + 1
      write (*, '(a, a)') 'ok    ', what
    else
      nfail = nfail + 1
      write (*, '(a, a)') 'FAIL  ', what
    end if
  end subroutine check

  subroutine check_status(status, expected, what)
    integer(c_int), intent(in) :: status, expected
    character(len=*), intent(in) :: what
    call check(status == expected, what)
    if (status /= expected) write (*, '(a, i0, a, i0, a, a)') '      status ', status, &
        ' (expected ', expected, '): ', fft3d_error_message(status)
  end subroutine check_status

  ! Complex random values with re, im in [-0.5, 0.5).
  ! Explicit shape, so that arrays of any rank are passed by sequence
  ! association: call random_complex(a, size(a)).
  subroutine random_complex(a, n)
    integer, intent(in) :: n
    complex(dp), intent(out) :: a(n)
    real(dp) :: re(n), im(n)
    call random_number(re)
    call random_number(im)
    a = cmplx(re - 0.5_dp, im - 0.5_dp, kind=dp)
  end subroutine random_complex

  ! Direct 3-D DFT of a at the 0-based frequency k, exp(-2 pi i jk/n).
  function dft3(a, k) result(s)
    complex(dp), intent(in) :: a(:,:,:)
    integer, intent(in) :: k(3)
    complex(dp) :: s
    integer :: jx, jy, jz, m(3)
    real(dp) :: phase
    m = shape(a)
    s = (0.0_dp, 0.0_dp)
    do jz = 0, m(3) - 1
      do jy = 0, m(2) - 1
        do jx = 0, m(1) - 1
          phase = -two_pi * (real(mod(k(1) * jx, m(1)), dp) / m(1) + &
                             real(mod(k(2) * jy, m(2)), dp) / m(2) + &
                             real(mod(k(3) * jz, m(3)), dp) / m(3))
          s = s + a(jx + 1, jy + 1, jz + 1) * cmplx(cos(phase), sin(phase), kind=dp)
        end do
      end do
    end do
  end function dft3

  ! Direct 1-D DFT of every row a(:, b), all frequencies.
  function dft_rows(a) result(x)
    complex(dp), intent(in) :: a(:,:)
    complex(dp) :: x(size(a, 1), size(a, 2))
    integer :: j, k, n
    real(dp) :: phase
    n = size(a, 1)
    x = (0.0_dp, 0.0_dp)
    do k = 0, n - 1
      do j = 0, n - 1
        phase = -two_pi * real(mod(j * k, n), dp) / n
        x(k + 1, :) = x(k + 1, :) + a(j + 1, :) * cmplx(cos(phase), sin(phase), kind=dp)
      end do
    end do
  end function dft_rows

  ! Largest error at the checked frequencies, relative to ||a||_2 (the rms of
  ! |X(k)| by Parseval).
  function max_error_3d(a, x) result(err)
    complex(dp), intent(in) :: a(:,:,:), x(:,:,:)
    real(dp) :: err
    integer :: f
    err = 0.0_dp
    do f = 1, nfreq
      err = max(err, abs(x(freqs(1, f) + 1, freqs(2, f) + 1, freqs(3, f) + 1) - dft3(a, freqs(:, f))))
    end do
    err = err / sqrt(sum(abs(a)**2))
  end function max_error_3d

  subroutine test_3d_f64()
    complex(c_double_complex), allocatable, target :: a(:,:,:)
    complex(dp), allocatable :: a0(:,:,:)
    type(c_ptr) :: plan
    real(dp) :: err

    allocate(a(nx, ny, nz), a0(nx, ny, nz))
    call random_complex(a0, size(a0))
    a = a0
    call check_status(fft3d_plan_create_3d(plan, nx, ny, nz, FFT3D_C2C_F64, cpu), FFT3D_SUCCESS, &
                      '3-D f64 plan')
    call check_status(fft3d_forward_array(plan, a), FFT3D_SUCCESS, '3-D f64 forward')
    err = max_error_3d(a0, a)
    write (*, '(a, es10.3)') '      3-D f64 relative error ', err
    call check(err < 1.0e-12_dp, '3-D f64 forward matches the direct DFT')
    call check_status(fft3d_plan_destroy(plan), FFT3D_SUCCESS, '3-D f64 destroy')
  end subroutine test_3d_f64

  subroutine test_3d_f32()
    complex(c_float_complex), allocatable, target :: b(:,:,:)
    complex(dp), allocatable :: a0(:,:,:)
    type(c_ptr) :: plan
    real(dp) :: err

    allocate(b(nx, ny, nz), a0(nx, ny, nz))
    call random_complex(a0, size(a0))
    b = cmplx(a0, kind=c_float_complex)
    a0 = cmplx(b, kind=dp)   ! the reference sees exactly the single-precision input
    call check_status(fft3d_plan_create_3d(plan, nx, ny, nz, FFT3D_C2C_F32, cpu), FFT3D_SUCCESS, &
                      '3-D f32 plan')
    call check_status(fft3d_forward_array(plan, b), FFT3D_SUCCESS, '3-D f32 forward')
    err = max_error_3d(a0, cmplx(b, kind=dp))
    write (*, '(a, es10.3)') '      3-D f32 relative error ', err
    call check(err < 1.0e-5_dp, '3-D f32 forward matches the direct DFT')
    call check_status(fft3d_plan_destroy(plan), FFT3D_SUCCESS, '3-D f32 destroy')
  end subroutine test_3d_f32

  subroutine test_batched_f64()
    complex(c_double_complex), allocatable, target :: a(:,:)
    complex(dp), allocatable :: a0(:,:)
    type(c_ptr) :: plan
    real(dp) :: err

    allocate(a(n1, batch), a0(n1, batch))
    call random_complex(a0, size(a0))
    a = a0
    call check_status(fft3d_plan_create_1d_batched(plan, n1, batch, FFT3D_C2C_F64, cpu), FFT3D_SUCCESS, &
                      'batched f64 plan')
    call check_status(fft3d_forward_array(plan, a), FFT3D_SUCCESS, 'batched f64 forward')
    err = maxval(abs(a - dft_rows(a0))) / sqrt(sum(abs(a0)**2) / batch)
    write (*, '(a, es10.3)') '      batched f64 relative error ', err
    call check(err < 1.0e-12_dp, 'batched f64 rows match the direct DFT')
    call check_status(fft3d_plan_destroy(plan), FFT3D_SUCCESS, 'batched f64 destroy')
  end subroutine test_batched_f64

  subroutine test_batched_f32()
    complex(c_float_complex), allocatable, target :: b(:,:)
    complex(dp), allocatable :: a0(:,:)
    type(c_ptr) :: plan
    real(dp) :: err

    allocate(b(n1, batch), a0(n1, batch))
    call random_complex(a0, size(a0))
    b = cmplx(a0, kind=c_float_complex)
    a0 = cmplx(b, kind=dp)
    call check_status(fft3d_plan_create_1d_batched(plan, n1, batch, FFT3D_C2C_F32, cpu), FFT3D_SUCCESS, &
                      'batched f32 plan')
    call check_status(fft3d_forward_array(plan, b), FFT3D_SUCCESS, 'batched f32 forward')
    err = maxval(abs(cmplx(b, kind=dp) - dft_rows(a0))) / sqrt(sum(abs(a0)**2) / batch)
    write (*, '(a, es10.3)') '      batched f32 relative error ', err
    call check(err < 1.0e-5_dp, 'batched f32 rows match the direct DFT')
    call check_status(fft3d_plan_destroy(plan), FFT3D_SUCCESS, 'batched f32 destroy')
  end subroutine test_batched_f32

  subroutine test_round_trip()
    complex(c_double_complex), allocatable, target :: a(:,:,:), r(:,:)
    complex(c_float_complex), allocatable, target :: b(:,:,:)
    complex(dp), allocatable :: a0(:,:,:), r0(:,:)
    type(c_ptr) :: plan
    real(dp) :: err

    allocate(a(nx, ny, nz), a0(nx, ny, nz), b(nx, ny, nz), r(n1, batch), r0(n1, batch))
    call random_complex(a0, size(a0))

    ! FFT3D_NORMALIZE: inverse(forward(A)) = A.
    a = a0
    call check_status(fft3d_plan_create_3d(plan, nx, ny, nz, FFT3D_C2C_F64, ior(cpu, FFT3D_NORMALIZE)), &
                      FFT3D_SUCCESS, 'normalised 3-D f64 plan')
    call check_status(fft3d_forward_array(plan, a), FFT3D_SUCCESS, 'normalised 3-D f64 forward')
    call check_status(fft3d_inverse_array(plan, a), FFT3D_SUCCESS, 'normalised 3-D f64 inverse')
    err = maxval(abs(a - a0)) / maxval(abs(a0))
    call check(err < 1.0e-13_dp, 'normalised 3-D f64 round trip gives A back')
    call check_status(fft3d_plan_destroy(plan), FFT3D_SUCCESS, 'normalised 3-D f64 destroy')

    b = cmplx(a0, kind=c_float_complex)
    call check_status(fft3d_plan_create_3d(plan, nx, ny, nz, FFT3D_C2C_F32, ior(cpu, FFT3D_NORMALIZE)), &
                      FFT3D_SUCCESS, 'normalised 3-D f32 plan')
    call check_status(fft3d_forward_array(plan, b), FFT3D_SUCCESS, 'normalised 3-D f32 forward')
    call check_status(fft3d_inverse_array(plan, b), FFT3D_SUCCESS, 'normalised 3-D f32 inverse')
    err = maxval(abs(cmplx(b, kind=dp) - a0)) / maxval(abs(a0))
    call check(err < 1.0e-5_dp, 'normalised 3-D f32 round trip gives A back')
    call check_status(fft3d_plan_destroy(plan), FFT3D_SUCCESS, 'normalised 3-D f32 destroy')

    ! Without it the round trip scales by N = nx*ny*nz.
    a = a0
    call check_status(fft3d_plan_create_3d(plan, nx, ny, nz, FFT3D_C2C_F64, cpu), FFT3D_SUCCESS, &
                      'unnormalised 3-D f64 plan')
    call check_status(fft3d_forward_array(plan, a), FFT3D_SUCCESS, 'unnormalised 3-D f64 forward')
    call check_status(fft3d_inverse_array(plan, a), FFT3D_SUCCESS, 'unnormalised 3-D f64 inverse')
    err = maxval(abs(a / real(nx * ny * nz, dp) - a0)) / maxval(abs(a0))
    call check(err < 1.0e-13_dp, 'unnormalised 3-D f64 round trip gives N*A')
    call check_status(fft3d_plan_destroy(plan), FFT3D_SUCCESS, 'unnormalised 3-D f64 destroy')

    ! Batched rows, normalised by n.
    call random_complex(r0, size(r0))
    r = r0
    call check_status(fft3d_plan_create_1d_batched(plan, n1, batch, FFT3D_C2C_F64, ior(cpu, FFT3D_NORMALIZE)), &
                      FFT3D_SUCCESS, 'normalised batched f64 plan')
    call check_status(fft3d_forward_array(plan, r), FFT3D_SUCCESS, 'normalised batched f64 forward')
    call check_status(fft3d_inverse_array(plan, r), FFT3D_SUCCESS, 'normalised batched f64 inverse')
    err = maxval(abs(r - r0)) / maxval(abs(r0))
    call check(err < 1.0e-13_dp, 'normalised batched f64 round trip gives A back')
    call check_status(fft3d_plan_destroy(plan), FFT3D_SUCCESS, 'normalised batched f64 destroy')
  end subroutine test_round_trip

  ! fft3d_forward_out with c_loc: the input is untouched, the output equals
  ! the in-place transform.
  subroutine test_out_of_place()
    complex(c_double_complex), allocatable, target :: a(:,:,:), in(:,:,:), out(:,:,:)
    type(c_ptr) :: plan

    allocate(a(nx, ny, nz), in(nx, ny, nz), out(nx, ny, nz))
    call random_complex(a, size(a))
    in = a
    out = (0.0_dp, 0.0_dp)
    call check_status(fft3d_plan_create_3d(plan, nx, ny, nz, FFT3D_C2C_F64, cpu), FFT3D_SUCCESS, &
                      'out-of-place plan')
    call check_status(fft3d_forward_out(plan, c_loc(in), c_loc(out)), FFT3D_SUCCESS, 'forward_out')
    call check(maxval(abs(in - a)) <= 0.0_dp, 'forward_out leaves the input untouched')
    call check_status(fft3d_forward_array(plan, a), FFT3D_SUCCESS, 'in-place forward for comparison')
    call check(maxval(abs(out - a)) <= 1.0e-12_dp * maxval(abs(a)), 'forward_out equals the in-place forward')
    call check_status(fft3d_inverse_out(plan, c_loc(out), c_loc(in)), FFT3D_SUCCESS, 'inverse_out')
    ! forward_on_stream / set_stream: CPU plans accept and ignore the stream.
    call check_status(fft3d_set_stream(plan, c_null_ptr), FFT3D_SUCCESS, 'set_stream on a CPU plan')
    call check_status(fft3d_forward_on_stream(plan, c_loc(in), c_null_ptr), FFT3D_SUCCESS, &
                      'forward_on_stream on a CPU plan')
    call check_status(fft3d_inverse_on_stream(plan, c_loc(in), c_null_ptr), FFT3D_SUCCESS, &
                      'inverse_on_stream on a CPU plan')
    call check_status(fft3d_plan_destroy(plan), FFT3D_SUCCESS, 'out-of-place destroy')
  end subroutine test_out_of_place

  subroutine test_plan_queries()
    type(c_ptr) :: plan
    integer(c_int) :: backend
    character(len=:), allocatable :: text

    call check_status(fft3d_plan_create_3d(plan, nx, ny, nz, FFT3D_C2C_F64, cpu), FFT3D_SUCCESS, &
                      'query plan')
    backend = -1
    call check_status(fft3d_plan_get_backend(plan, backend), FFT3D_SUCCESS, 'get_backend')
    call check(backend == FFT3D_BACKEND_CPU, 'a FFT3D_BACKEND_CPU plan runs on the CPU')
    text = fft3d_describe(plan)
    write (*, '(a, a)') '      describe: ', text
    call check(len(text) > 0, 'describe gives a description')
    call check_status(fft3d_plan_destroy(plan), FFT3D_SUCCESS, 'query plan destroy')
    call check(index(fft3d_string(fft3d_version_string()), '0.1') > 0, 'version string names 0.1')
    call check(fft3d_string(fft3d_error_string(FFT3D_SUCCESS)) == 'success', 'error_string(FFT3D_SUCCESS)')
    call check(fft3d_string(c_null_ptr) == '', 'fft3d_string(c_null_ptr) is empty')
  end subroutine test_plan_queries

  subroutine test_bad_calls()
    complex(c_double_complex), allocatable, target :: a(:,:,:)
    type(c_ptr) :: plan
    integer(c_int) :: status
    character(len=:), allocatable :: msg

    allocate(a(nx, ny, nz))
    a = (1.0_dp, 0.0_dp)

    status = fft3d_plan_create_3d(plan, 0_c_int, ny, nz, FFT3D_C2C_F64, cpu)
    call check_status(status, FFT3D_ERROR_INVALID_ARGUMENT, 'nx = 0 is an invalid argument')
    call check(.not. c_associated(plan), 'nx = 0 leaves a null plan')
    msg = fft3d_error_message(status)
    write (*, '(a, a)') '      message: ', msg
    call check(index(msg, 'invalid argument') == 1, 'error message starts with the status text')

    status = fft3d_plan_create_3d(plan, nx, ny, nz, FFT3D_C2C_F64, ior(cpu, int(2**20, c_int)))
    call check_status(status, FFT3D_ERROR_INVALID_ARGUMENT, 'an unknown flag bit is an invalid argument')
    call check(.not. c_associated(plan), 'an unknown flag bit leaves a null plan')

    status = fft3d_plan_create_1d_batched(plan, n1, -1_c_long_long, FFT3D_C2C_F64, cpu)
    call check_status(status, FFT3D_ERROR_INVALID_ARGUMENT, 'batch = -1 is an invalid argument')

    call check_status(fft3d_plan_create_3d(plan, nx, ny, nz, FFT3D_C2C_F64, cpu), FFT3D_SUCCESS, &
                      'plan to destroy')
    call check_status(fft3d_plan_destroy(plan), FFT3D_SUCCESS, 'destroy')
    call check_status(fft3d_forward_array(plan, a), FFT3D_ERROR_INVALID_ARGUMENT, &
                      'forward on a destroyed plan is an invalid argument')
    call check_status(fft3d_plan_destroy(plan), FFT3D_ERROR_INVALID_ARGUMENT, &
                      'destroying a plan twice is an invalid argument')
    call check_status(fft3d_forward(c_null_ptr, c_loc(a)), FFT3D_ERROR_INVALID_ARGUMENT, &
                      'forward on a null plan is an invalid argument')
    call check_status(fft3d_plan_destroy(c_null_ptr), FFT3D_SUCCESS, 'destroying a null plan is a no-op')
  end subroutine test_bad_calls

  ! fft3d_forward_host on complex arrays A(nx,ny,nz) and A(n,batch) of both
  ! kinds; on GPU plans the library moves the data to the device and back.
  subroutine test_host_arrays(flags, what)
    integer(c_int), intent(in) :: flags
    character(len=*), intent(in) :: what
    complex(c_double_complex), allocatable, target :: a(:,:,:), r(:,:)
    complex(c_float_complex), allocatable, target :: b(:,:,:)
    complex(dp), allocatable :: a0(:,:,:), r0(:,:)
    type(c_ptr) :: plan
    real(dp) :: err

    allocate(a(nx, ny, nz), a0(nx, ny, nz), b(nx, ny, nz), r(n1, batch), r0(n1, batch))
    call random_complex(a0, size(a0))
    a = a0
    call check_status(fft3d_plan_create_3d(plan, nx, ny, nz, FFT3D_C2C_F64, ior(flags, FFT3D_NORMALIZE)), &
                      FFT3D_SUCCESS, what // ' host 3-D f64 plan')
    call check_status(fft3d_forward_host(plan, a), FFT3D_SUCCESS, what // ' host 3-D f64 forward')
    err = max_error_3d(a0, a)
    write (*, '(a, es10.3)') '      relative error ', err
    call check(err < 1.0e-12_dp, what // ' host 3-D f64 forward matches the direct DFT')
    call check_status(fft3d_inverse_host(plan, a), FFT3D_SUCCESS, what // ' host 3-D f64 inverse')
    call check(maxval(abs(a - a0)) < 1.0e-13_dp * maxval(abs(a0)), what // ' host 3-D f64 round trip gives A back')
    call check_status(fft3d_plan_destroy(plan), FFT3D_SUCCESS, what // ' host 3-D f64 destroy')

    b = cmplx(a0, kind=c_float_complex)
    a0 = cmplx(b, kind=dp)
    call check_status(fft3d_plan_create_3d(plan, nx, ny, nz, FFT3D_C2C_F32, flags), FFT3D_SUCCESS, &
                      what // ' host 3-D f32 plan')
    call check_status(fft3d_forward_host(plan, b), FFT3D_SUCCESS, what // ' host 3-D f32 forward')
    err = max_error_3d(a0, cmplx(b, kind=dp))
    write (*, '(a, es10.3)') '      relative error ', err
    call check(err < 1.0e-5_dp, what // ' host 3-D f32 forward matches the direct DFT')
    call check_status(fft3d_plan_destroy(plan), FFT3D_SUCCESS, what // ' host 3-D f32 destroy')

    call random_complex(r0, size(r0))
    r = r0
    call check_status(fft3d_plan_create_1d_batched(plan, n1, batch, FFT3D_C2C_F64, flags), FFT3D_SUCCESS, &
                      what // ' host batched f64 plan')
    call check_status(fft3d_forward_host(plan, r), FFT3D_SUCCESS, what // ' host batched f64 forward')
    err = maxval(abs(r - dft_rows(r0))) / sqrt(sum(abs(r0)**2) / batch)
    write (*, '(a, es10.3)') '      relative error ', err
    call check(err < 1.0e-12_dp, what // ' host batched f64 rows match the direct DFT')
    ! A type(c_ptr) to host memory works too.
    call check_status(fft3d_inverse_host(plan, c_loc(r)), FFT3D_SUCCESS, what // ' host batched f64 inverse (c_ptr)')
    call check(maxval(abs(r / real(n1, dp) - r0)) < 1.0e-13_dp, what // ' host batched f64 round trip gives n*A')
    call check_status(fft3d_plan_destroy(plan), FFT3D_SUCCESS, what // ' host batched f64 destroy')
  end subroutine test_host_arrays

  ! Real plans on real arrays in the padded in-place layout R(2*(nx/2+1),ny,nz):
  ! after the forward the same memory is the half spectrum Z(nx/2+1,ny,nz).
  subroutine test_real_host_arrays()
    integer, parameter :: h = nx / 2 + 1
    real(c_double), allocatable, target :: r(:,:,:)
    real(c_float), allocatable, target :: s(:,:)
    real(dp), allocatable :: r0(:,:,:), s0(:,:)
    complex(c_double_complex), pointer :: z(:,:,:)
    complex(c_float_complex), pointer :: zs(:,:)
    complex(dp), allocatable :: full(:,:,:), rows(:,:)
    type(c_ptr) :: plan, spectrum
    real(dp) :: err
    integer :: f, k(3)

    allocate(r(2 * h, ny, nz), r0(nx, ny, nz))
    call random_number(r0)
    r = -1.0e300_dp   ! padding: must not leak into the result
    r(1:nx, :, :) = r0
    call check_status(fft3d_plan_create_3d(plan, nx, ny, nz, FFT3D_R2C_F64, ior(cpu, FFT3D_NORMALIZE)), &
                      FFT3D_SUCCESS, 'host r2c 3-D f64 plan')
    call check_status(fft3d_forward_host(plan, r), FFT3D_SUCCESS, 'host r2c 3-D f64 forward')
    spectrum = c_loc(r)
    call c_f_pointer(spectrum, z, [h, ny, nz])
    full = cmplx(r0, 0.0_dp, kind=dp)
    err = 0.0_dp
    do f = 1, nfreq   ! above nx/2 the spectrum is the conjugate of X(-k)
      k = freqs(:, f)
      if (k(1) <= nx / 2) then
        err = max(err, abs(z(k(1) + 1, k(2) + 1, k(3) + 1) - dft3(full, k)))
      else
        err = max(err, abs(conjg(z(nx - k(1) + 1, mod(ny - k(2), ny) + 1, mod(nz - k(3), nz) + 1)) - dft3(full, k)))
      end if
    end do
    err = err / sqrt(sum(r0**2))
    write (*, '(a, es10.3)') '      relative error ', err
    call check(err < 1.0e-12_dp, 'host r2c 3-D f64 half spectrum matches the direct DFT')
    call check_status(fft3d_inverse_host(plan, r), FFT3D_SUCCESS, 'host c2r 3-D f64 inverse')
    call check(maxval(abs(r(1:nx, :, :) - r0)) < 1.0e-13_dp, 'host r2c 3-D f64 round trip gives R back')
    call check_status(fft3d_plan_destroy(plan), FFT3D_SUCCESS, 'host r2c 3-D f64 destroy')

    ! Batched real rows S(2*(n1/2+1), batch), single precision.
    allocate(s(2 * (n1 / 2 + 1), batch), s0(n1, batch))
    call random_number(s0)
    s = 0.0_c_float
    s(1:n1, :) = real(s0, c_float)
    s0 = real(s(1:n1, :), dp)
    call check_status(fft3d_plan_create_1d_batched(plan, n1, batch, FFT3D_R2C_F32, cpu), FFT3D_SUCCESS, &
                      'host r2c batched f32 plan')
    call check_status(fft3d_forward_host(plan, s), FFT3D_SUCCESS, 'host r2c batched f32 forward')
    spectrum = c_loc(s)
    call c_f_pointer(spectrum, zs, [n1 / 2 + 1, int(batch)])
    rows = dft_rows(cmplx(s0, 0.0_dp, kind=dp))
    err = maxval(abs(cmplx(zs, kind=dp) - rows(1:n1 / 2 + 1, :))) / sqrt(sum(s0**2) / batch)
    write (*, '(a, es10.3)') '      relative error ', err
    call check(err < 1.0e-5_dp, 'host r2c batched f32 rows match the direct DFT')
    call check_status(fft3d_plan_destroy(plan), FFT3D_SUCCESS, 'host r2c batched f32 destroy')
  end subroutine test_real_host_arrays

  ! The device helpers: a round trip through device memory and a transform of
  ! it when a device is present (and the host entry points on GPU plans);
  ! FFT3D_ERROR_NO_DEVICE from each otherwise.
  subroutine test_device_helpers()
    complex(c_double_complex), allocatable, target :: a(:,:,:), back(:,:,:)
    complex(dp), allocatable :: a0(:,:,:)
    type(c_ptr) :: dev, plan
    integer(c_int) :: available, status
    integer(c_size_t) :: bytes
    character(len=:), allocatable :: name

    allocate(a(nx, ny, nz), back(nx, ny, nz), a0(nx, ny, nz))
    call random_complex(a0, size(a0))
    a = a0
    bytes = int(size(a), c_size_t) * 16_c_size_t
    available = -1
    call check_status(fft3d_device_available(available), FFT3D_SUCCESS, 'device_available')
    call check(available == 0 .or. available == 1, 'device_available answers 0 or 1')
    call check_status(fft3d_device_free(c_null_ptr), FFT3D_SUCCESS, 'device_free(c_null_ptr) is a no-op')

    if (available == 0) then
      write (*, '(a)') '      no CUDA device: GPU checks skipped, helpers must say FFT3D_ERROR_NO_DEVICE'
      call check_status(fft3d_device_malloc(dev, bytes), FFT3D_ERROR_NO_DEVICE, 'device_malloc without a device')
      call check(.not. c_associated(dev), 'device_malloc without a device leaves c_null_ptr')
      call check_status(fft3d_memcpy_to_device(c_loc(back), c_loc(a), bytes), FFT3D_ERROR_NO_DEVICE, &
                        'memcpy_to_device without a device')
      call check_status(fft3d_memcpy_to_host(c_loc(back), c_loc(a), bytes), FFT3D_ERROR_NO_DEVICE, &
                        'memcpy_to_host without a device')
      name = fft3d_device_name_string(status)
      call check(status == FFT3D_ERROR_NO_DEVICE .and. len(name) == 0, 'device_name without a device')
      return
    end if

    name = fft3d_device_name_string(status)
    write (*, '(a, a)') '      device: ', name
    call check(status == FFT3D_SUCCESS .and. len(name) > 0, 'device_name names the device')
    call check_status(fft3d_device_malloc(dev, bytes), FFT3D_SUCCESS, 'device_malloc')
    call check_status(fft3d_memcpy_to_device(dev, c_loc(a), bytes), FFT3D_SUCCESS, 'memcpy_to_device')
    back = (0.0_dp, 0.0_dp)
    call check_status(fft3d_memcpy_to_host(c_loc(back), dev, bytes), FFT3D_SUCCESS, 'memcpy_to_host')
    call check(all(back == a0), 'device round trip gives the data back')
    call check_status(fft3d_plan_create_3d(plan, nx, ny, nz, FFT3D_C2C_F64, FFT3D_BACKEND_GPU), FFT3D_SUCCESS, &
                      'GPU 3-D f64 plan')
    call check_status(fft3d_forward(plan, dev), FFT3D_SUCCESS, 'GPU forward on device memory')
    call check_status(fft3d_memcpy_to_host(c_loc(back), dev, bytes), FFT3D_SUCCESS, 'memcpy_to_host of the result')
    call check(max_error_3d(a0, back) < 1.0e-12_dp, 'GPU forward on device memory matches the direct DFT')
    call check_status(fft3d_forward_host(plan, dev), FFT3D_ERROR_INVALID_POINTER, &
                      'forward_host refuses device memory')
    call check_status(fft3d_plan_destroy(plan), FFT3D_SUCCESS, 'GPU 3-D f64 destroy')
    call check_status(fft3d_device_free(dev), FFT3D_SUCCESS, 'device_free')

    call test_host_arrays(ior(FFT3D_ESTIMATE, FFT3D_BACKEND_GPU), 'GPU')
  end subroutine test_device_helpers

  ! Wisdom through Fortran character paths.
  subroutine test_wisdom_files()
    character(len=*), parameter :: path = 'fft3d_fortran_example_wisdom.json'
    integer :: unit, ios

    call check_status(fft3d_wisdom_export(path), FFT3D_SUCCESS, 'wisdom_export')
    call check_status(fft3d_wisdom_forget(), FFT3D_SUCCESS, 'wisdom_forget')
    call check_status(fft3d_wisdom_import(path), FFT3D_SUCCESS, 'wisdom_import of the exported file')
    call check_status(fft3d_wisdom_import('/nonexistent/fft3d/wisdom.json'), FFT3D_ERROR_WISDOM, &
                      'wisdom_import of a missing file')
    open (newunit=unit, file=path, status='old', iostat=ios)
    if (ios == 0) close (unit, status='delete')
  end subroutine test_wisdom_files

  ! The process-wide tuning settings: a budget, a progress callback, and NaN
  ! refused.
  subroutine test_tuning_settings()
    real(c_double) :: nan
    nan = ieee_value(nan, ieee_quiet_nan)
    call check_status(fft3d_set_tuning_budget(2.5_c_double), FFT3D_SUCCESS, 'set_tuning_budget(2.5)')
    call check_status(fft3d_set_tuning_budget(nan), FFT3D_ERROR_INVALID_ARGUMENT, &
                      'set_tuning_budget(NaN) is an invalid argument')
    call check_status(fft3d_set_tuning_budget(-1.0_c_double), FFT3D_SUCCESS, 'set_tuning_budget(-1): no limit')
    call check_status(fft3d_set_progress_callback(c_funloc(progress), c_null_ptr), FFT3D_SUCCESS, &
                      'set_progress_callback')
    call check_status(fft3d_set_progress_callback(c_null_funptr, c_null_ptr), FFT3D_SUCCESS, &
                      'set_progress_callback(c_null_funptr) removes it')
  end subroutine test_tuning_settings

  subroutine progress(fraction, text, user) bind(c)
    real(c_double), value :: fraction
    type(c_ptr), value :: text, user
    if (c_associated(user)) continue
    write (*, '(a, f5.2, a, a)') '      tuning ', fraction, ' ', fft3d_string(text)
  end subroutine progress

  subroutine test_bad_host_calls()
    complex(c_double_complex), allocatable, target :: a(:,:,:)
    complex(dp), allocatable :: before(:,:,:)
    type(c_ptr) :: plan

    allocate(a(nx, ny, nz), before(nx, ny, nz))
    call random_complex(before, size(before))
    a = before
    call check_status(fft3d_forward_host(c_null_ptr, a), FFT3D_ERROR_INVALID_ARGUMENT, &
                      'forward_host on a null plan is an invalid argument')
    call check_status(fft3d_plan_create_3d(plan, nx, ny, nz, FFT3D_C2C_F64, cpu), FFT3D_SUCCESS, &
                      'plan for bad host calls')
    call check_status(fft3d_forward_host(plan, c_null_ptr), FFT3D_ERROR_INVALID_POINTER, &
                      'forward_host of c_null_ptr is an invalid pointer')
    call check_status(fft3d_plan_destroy(plan), FFT3D_SUCCESS, 'destroy')
    call check_status(fft3d_inverse_host(plan, a), FFT3D_ERROR_INVALID_ARGUMENT, &
                      'inverse_host on a destroyed plan is an invalid argument')
    call check(all(a == before), 'bad host calls leave the array untouched')
  end subroutine test_bad_host_calls

end program example_fft3d
